package org.damrelay.relay.arbiter;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.Alert;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.ingest.IngestService;

/**
 * The arbiter screens open now and what they are shown. A screen sees only its own event: on
 * connecting, its games as they stand live, every alert so far, the relay's own problems and the
 * boards blocked now; then every change as soon as it is written, every audit entry once durable,
 * and each block or release of a board once. Core thread only.
 */
public final class ArbiterScreens implements RelayCore.LiveListener {

    private final RelayCore core;
    private final BlockedBoards blocked;
    private final List<ArbiterSession> sessions = new ArrayList<>();
    /** The relay's own problems while they last, one per type (a rejected config, a failing engine). */
    private final Map<RelayAlertType, RelayAlert> standing = new EnumMap<>(RelayAlertType.class);

    public ArbiterScreens(RelayCore core, IngestService ingest) {
        this.core = core;
        this.blocked = new BlockedBoards(core, ingest);
        core.addLiveListener(this);
    }

    private GameBook book() { return core.book(); }

    /** A new arbiter connection: the event's games as they stand live, every alert so far, then everything live. */
    public void connected(ArbiterSession s) {
        sessions.add(s);
        // first: the token was accepted (a console shows itself only then)
        s.send(ArbiterMessage.newBuilder().setOk("signed in as " + s.arbiter() + " for event " + s.eventId()).build());
        for (GameInfo info : book().directory().games(s.eventId(), 0)) {
            GameRecord g = book().game(info.getGameId());
            if (g != null) s.send(ArbiterMessage.newBuilder().setSnapshot(g.live().snapshot()).build());
        }
        for (Alert a : book().alerts()) {
            GameRecord g = book().game(a.getGameId());
            if (g != null && g.info().getEventId().equals(s.eventId())) s.send(alertMessage(a));
        }
        for (RelayAlert a : standing.values()) s.send(ArbiterMessage.newBuilder().setRelayAlert(a).build());
        // the boards blocked now, so a reloaded console lists them whatever became of their alerts
        for (GameInfo info : book().directory().games(s.eventId(), 0)) {
            GameRecord g = book().game(info.getGameId());
            if (g != null) blocked.of(g).ifPresent(b -> s.send(ArbiterMessage.newBuilder().setBlocked(b).build()));
        }
    }

    public void disconnected(ArbiterSession s) {
        sessions.remove(s);
    }

    /** Core thread, after the tokens were re-read: arbiter screens whose token is gone or revoked are closed. */
    public void closeRevoked(TokenStore tokens) {
        for (ArbiterSession s : List.copyOf(sessions)) {
            if (!tokens.stillValid(TokenStore.Kind.ARBITER, s.identity())) s.close(4401, "token revoked");
        }
    }

    /**
     * A problem of the relay itself (a config save it refused): every arbiter screen hears it now,
     * a screen opened later while it lasts; a cleared one ends it. Not journaled: it is about this
     * process, not the games.
     */
    public void relayAlert(RelayAlert a) {
        if (a.getCleared() && standing.remove(a.getType()) == null) return;
        if (!a.getCleared()) standing.put(a.getType(), a);
        ArbiterMessage m = ArbiterMessage.newBuilder().setRelayAlert(a).build();
        for (ArbiterSession s : sessions) s.send(m);
    }

    /** Every arbiter screen of the event, not only the one that acknowledged, sees the alert as handled. */
    void acknowledged(Alert a) {
        String eventId = book().game(a.getGameId()).info().getEventId();
        ArbiterMessage m = alertMessage(a);
        for (ArbiterSession other : sessions) if (other.eventId().equals(eventId)) other.send(m);
    }

    @Override
    public void written(GameBook.Applied applied) {
        GameRecord g = book().game(applied.update().getGameId());
        // a join or a picked path rewrites plies in ways only the fold knows: the consoles get the game anew
        GameSnapshot anew = GameRecord.rewritesPlies(applied.update()) ? g.live().snapshot() : null;
        for (ArbiterSession s : sessions) {
            if (!g.info().getEventId().equals(s.eventId())) continue;
            s.send(ArbiterMessage.newBuilder().setUpdate(applied.update()).build());
            if (anew != null) s.send(ArbiterMessage.newBuilder().setSnapshot(anew).build());
            if (applied.alert() != null) s.send(alertMessage(applied.alert()));
        }
        tellBlocked(g);
    }

    @Override
    public void audit(AuditEntry entry) {
        GameRecord g = book().game(entry.getGameId());
        for (ArbiterSession s : sessions) {
            if (g != null && g.info().getEventId().equals(s.eventId())) s.send(ArbiterMessage.newBuilder().setAudit(entry).build());
        }
        tellBlocked(g);
    }

    /** Every arbiter screen of the game's event hears once that its board was blocked or released. */
    private void tellBlocked(GameRecord g) {
        if (g == null) return;
        blocked.changed(g).ifPresent(b -> {
            ArbiterMessage m = ArbiterMessage.newBuilder().setBlocked(b).build();
            for (ArbiterSession s : sessions) if (s.eventId().equals(g.info().getEventId())) s.send(m);
        });
    }

    private static ArbiterMessage alertMessage(Alert a) {
        return ArbiterMessage.newBuilder().setAlert(AlertSeverities.stamped(a)).build();
    }
}
