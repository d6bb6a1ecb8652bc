package org.damrelay.relay.config;

import java.util.List;
import java.util.Optional;

/**
 * The tokens the relay accepts right now. A driver token's {@code name} is the driver id it speaks
 * for (the {@code driver:} of the pairings), an arbiter token's name is the arbiter the audit log
 * names. {@link #replace} swaps in the tokens of a re-read config while the relay runs.
 */
public final class TokenStore {

    public enum Kind { DRIVER, ARBITER }

    /** Who an accepted token speaks for: its event and its name, and which digest it was. */
    public record Identity(String eventId, String name, String sha256) {}

    /** What checking a token gave: an identity, or a close code and why. */
    public sealed interface Check permits Granted, Refused {}

    public record Granted(Identity identity) implements Check {}

    /** @param code 4401 unknown, missing or revoked token, 4403 a token of another event */
    public record Refused(int code, String reason) implements Check {}

    private volatile List<EventConfig> events;

    public TokenStore(List<EventConfig> events) {
        this.events = List.copyOf(events);
    }

    /** The tokens of a re-read config: sessions opened with a token no longer there are closed by their owners. */
    public void replace(List<EventConfig> newEvents) {
        this.events = List.copyOf(newEvents);
    }

    private static List<EventConfig.TokenConfig> of(EventConfig e, Kind kind) {
        return kind == Kind.DRIVER ? e.driverTokens() : e.arbiterTokens();
    }

    /** The token checked for {@code eventId}. */
    public Check check(Kind kind, String token, String eventId) {
        if (token == null || token.isEmpty()) return new Refused(4401, "missing token");
        for (EventConfig e : events) {
            if (!e.id().equals(eventId)) continue;
            Optional<EventConfig.TokenConfig> t = Tokens.match(token, of(e, kind));
            if (t.isPresent()) return new Granted(new Identity(e.id(), t.get().name(), t.get().sha256().toLowerCase()));
        }
        for (EventConfig other : events) {
            if (Tokens.match(token, of(other, kind)).isPresent()) return new Refused(4403, "token is not valid for event " + eventId);
        }
        return new Refused(4401, "unknown or revoked token");
    }

    /** The first event the token is valid for (HTTP requests, where the token alone says the event). */
    public Check anyEvent(Kind kind, String token) {
        if (token == null || token.isEmpty()) return new Refused(4401, "missing token");
        for (EventConfig e : events) {
            Optional<EventConfig.TokenConfig> t = Tokens.match(token, of(e, kind));
            if (t.isPresent()) return new Granted(new Identity(e.id(), t.get().name(), t.get().sha256().toLowerCase()));
        }
        return new Refused(4401, "unknown or revoked token");
    }

    /** Whether an identity granted earlier still holds: its token is configured, under the same name, and not revoked. */
    public boolean stillValid(Kind kind, Identity id) {
        for (EventConfig e : events) {
            if (!e.id().equals(id.eventId())) continue;
            for (EventConfig.TokenConfig t : of(e, kind)) {
                if (!t.revoked() && t.name().equals(id.name()) && t.sha256().equalsIgnoreCase(id.sha256())) return true;
            }
        }
        return false;
    }
}
