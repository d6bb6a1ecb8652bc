package org.damrelay.relay.notation;

import java.util.List;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.NotationState;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.ResultConfirmed;
import org.damrelay.proto.StopNotation;
import org.damrelay.relay.arbiter.BookEntries;
import org.damrelay.relay.config.BoardPairing;
import org.damrelay.relay.config.EventConfig.TokenConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;

/**
 * The notation device's session: admitted with its game's credential in force, it names the
 * notator, enters the result both players confirmed, or stops digital notation for good, each
 * journaled like the arbiter's own updates with an audit entry and answered once durable. It is
 * kept told of its game: everything durable that it did not enter itself is pushed with the acks
 * up to it. Core thread only.
 */
record NotationSession(RelayCore core, NotatedGames games, AdmittedDevices devices, BookEntries entries)
        implements RelayCore.LiveListener {

    /** A device's hello: admitted to its game with a credential in force, else closed with the reason. */
    void hello(DeviceSession d, String gameId, String token) {
        GameRecord g = games.game(gameId);
        NotationGrant grant = games.grant(gameId);
        if (g == null || grant == null || !matches(token, grant)) {
            for (GameRecord other : games.book().games()) {
                NotationGrant og = games.grant(other.id());
                if (og != null && !og.getRevoked() && matches(token, og)) {
                    refuse(d, gameId, NotationService.FORBIDDEN, "this credential notates " + other.id() + " only, not " + gameId);
                    return;
                }
            }
            refuse(d, gameId, NotationService.UNAUTHENTICATED, "unknown or revoked notation credential");
            return;
        }
        if (g.info().getNotation() == NotationState.ON_PAPER) {
            d.close(NotationService.STOPPED, "digital notation of this game stopped for good: it continues on paper (manual 2.5)");
            return;
        }
        if (grant.getRevoked() && g.info().getSensorBoard()) {
            d.close(NotationService.SWITCHED_TO_SENSOR, "the arbiter switched this game back to its sensor board");
            return;
        }
        if (grant.getRevoked()) {
            refuse(d, gameId, NotationService.UNAUTHENTICATED, "the arbiter revoked this device's notation credential");
            return;
        }
        devices.admit(d, g, games);
        d.send(games.state(g));
    }

    /** A refused credential is a failed authentication like a driver's: counted, logged and slowed per address. */
    private void refuse(DeviceSession d, String gameId, int code, String reason) {
        d.refuseAfter(core.authThrottle().failed(d.address(), "/notate", reason + " (game " + gameId + ")",
                System.currentTimeMillis()), code, reason);
    }

    void disconnected(DeviceSession d) {
        devices.disconnected(d);
    }

    void notator(DeviceSession d, String requestId, String name) {
        GameRecord g = admitted(d);
        if (g == null) return;
        // the other place a person's name enters: typed on the phone, single-spaced as the pairings' names are
        String n = name == null ? "" : BoardPairing.singleSpaced(name);
        if (n.isEmpty() || n.length() > 80) {
            error(d, requestId, "BAD_REQUEST", "the notator's name must be 1 to 80 characters");
            return;
        }
        if (n.equals(g.info().getNotator())) {
            ok(d, requestId, "notator " + n);
            return;
        }
        entries.update(g.id(), GameUpdate.newBuilder().setInfo(g.info().toBuilder().setNotator(n)), System.currentTimeMillis());
        entries.audit("notation device", g.id(), "NOTATOR " + n, "", BookEntries.what(AuditEntry.Kind.NOTATOR_NAMED).setValue(n),
                () -> ok(d, requestId, "notator " + n));
    }

    /** The result both players confirmed on the device, entered as the arbiter would (early draws raise their alert). */
    void result(DeviceSession d, String requestId, ResultConfirmed r) {
        GameRecord g = admitted(d);
        if (g == null) return;
        List<String> by = r.getConfirmedByList().stream().map(String::strip).filter(x -> !x.isEmpty()).distinct().toList();
        if (r.getResult() == GameResult.RESULT_UNSPECIFIED || r.getResult() == GameResult.UNRECOGNIZED || by.size() != 2) {
            error(d, requestId, "BAD_REQUEST", "a result needs its value and both players' confirmations");
            return;
        }
        if (g.live().finished()) {
            if (g.live().result() == r.getResult()) ok(d, requestId, "result already entered");
            else error(d, requestId, "GAME_FINISHED", "the game already has the result " + g.live().result());
            return;
        }
        entries.result(g, r.getResult(), "notation device, confirmed by " + by.get(0) + " and " + by.get(1),
                text -> ok(d, requestId, text));
    }

    /**
     * Stops digital notation of the game for good (manual 2.5): the credential is revoked, the
     * spectators see that the game continues on paper, the arbiter gets an alert, devices are closed.
     */
    void stop(DeviceSession d, String requestId, StopNotation st) {
        GameRecord g = admitted(d);
        if (g == null) return;
        long now = System.currentTimeMillis();
        entries.commit(NotatedGames.revoked(games.grant(g.id()), "notation device", now));
        entries.update(g.id(), GameUpdate.newBuilder().setInfo(g.info().toBuilder().setNotation(NotationState.ON_PAPER)), now);
        String why = st.getReason().isBlank() ? "" : " (" + st.getReason().strip() + ")";
        String text = (st.getFailure() ? "the notation device reported a failure" + why + ": the relay stopped digital notation"
                : "digital notation stopped on the device" + by(g) + why)
                + "; the game continues on paper and the device stays off (manual 2.5)";
        entries.update(g.id(), GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.NOTATION_STOPPED)
                .setPly(BookEntries.lastPly(g.live())).setCaptureTimeMs(now).setText(text)), now);
        entries.audit(NotatedGames.notator(g), g.id(), "NOTATION stopped" + (st.getFailure() ? " after a device failure" : ""), st.getReason(),
                BookEntries.what(AuditEntry.Kind.NOTATION_STOPPED).setFailure(st.getFailure()), () -> {
                    ok(d, requestId, "digital notation stopped: continue on paper");
                    devices.close(g.id(), NotationService.STOPPED, "digital notation of this game stopped for good: continue on paper");
                });
    }

    @Override
    public void durable(GameBook.Applied applied) {
        GameUpdate u = applied.update();
        if (!devices.any(u.getGameId())) return;
        // the device's own moves and undos arrive with their ack; everything else (corrections, the
        // notator, a result) is pushed once durable, with the acks up to it
        if (u.hasEvent() && (u.getEvent().getType() == EventType.MOVE || u.getEvent().getType() == EventType.MOVE_RETRACTED)) return;
        devices.tell(u.getGameId(), games.state(games.game(u.getGameId())));
    }

    /**
     * An arbiter's action on the game is durable: the device learns its outcome too, e.g. a refused
     * entry the arbiter released (its skip comes before the audit entry in the journal).
     */
    @Override
    public void audit(AuditEntry entry) {
        if (!devices.any(entry.getGameId())) return;
        devices.tell(entry.getGameId(), games.state(games.game(entry.getGameId())));
    }

    private GameRecord admitted(DeviceSession d) {
        return devices.of(d) == null ? null : games.game(d.gameId());
    }

    private static boolean matches(String token, NotationGrant grant) {
        return Tokens.match(token, List.of(new TokenConfig("notation", grant.getSha256(), false))).isPresent();
    }

    private static String by(GameRecord g) {
        return g.info().getNotator().isEmpty() ? "" : " by " + g.info().getNotator();
    }

    private static void ok(DeviceSession d, String requestId, String text) {
        d.send(DeviceMessage.newBuilder().setRequestId(requestId).setOk(text).build());
    }

    private static void error(DeviceSession d, String requestId, String code, String message) {
        d.send(DeviceMessage.newBuilder().setRequestId(requestId).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }
}
