package org.damrelay.relay.arbiter;

import java.util.function.Consumer;
import org.damrelay.draughts.game.AgreedDrawLimit;
import org.damrelay.draughts.game.Game;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.JournalRecord;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;

/**
 * What people write into the game book beside the boards' own events, the arbiter on the console
 * and the players on the notation device alike: a game's updates, its result, the audit entry of
 * each action. Journal order is apply order, so what runs once an audit entry is durable comes
 * after everything the action changed. Core thread only.
 */
public final class BookEntries {

    private final RelayCore core;

    public BookEntries(RelayCore core) {
        this.core = core;
    }

    /** Journals the game's next update: as a person's change, shown and released only once fsync'd. */
    public void update(String gameId, GameUpdate.Builder u, long now) {
        core.commit(JournalRecord.newBuilder().setArbiterUpdate(core.book().next(gameId, u, now)).build(), null);
    }

    /** Journals a record that is not a game's update (a notation credential, a skip). */
    public void commit(JournalRecord record) {
        core.commit(record, null);
    }

    /** What an audit entry says, as the parameters the pages word (kind, ply, value, seq). */
    public static AuditEntry.Builder what(AuditEntry.Kind kind) {
        return AuditEntry.newBuilder().setKind(kind);
    }

    /** Journals who did what to the game and why; {@code then} (or null) runs once it, and so all before it, is durable. */
    public void audit(String who, String gameId, String action, String reason, AuditEntry.Builder what, Runnable then) {
        AuditEntry e = what.setTimeMs(System.currentTimeMillis()).setArbiter(who)
                .setGameId(gameId).setAction(action).setReason(reason).build();
        core.commit(JournalRecord.newBuilder().setAudit(e).build(), then);
    }

    /**
     * Enters a result, or reopens the game ({@code RESULT_UNSPECIFIED}); a draw agreed too early
     * raises EARLY_DRAW_AGREED. {@code answered} gets the answer's words once all of it is durable.
     */
    public void result(GameRecord g, GameResult result, String who, Consumer<String> answered) {
        long now = System.currentTimeMillis();
        update(g.id(), GameUpdate.newBuilder().setResult(result), now);
        String text = result == GameResult.RESULT_UNSPECIFIED ? "game reopened" : "result " + Pdn.result(result);
        Game played = g.live().game();
        if (result == GameResult.DRAW && played.isAgreedDrawEarly()) {
            // the game's own threshold: 40 moves by both (SWR 13.4) or more than 10 pieces each (13.5)
            String why = played.settings().agreedDrawLimit() == AgreedDrawLimit.TEN_PIECES
                    ? "with more than 10 pieces each: too early, both players lose (SWR 13.5)"
                    : "after " + played.movesBothMade() + " moves: too early, both players lose (SWR 13.4)";
            GameEvent early = GameEvent.newBuilder().setType(EventType.EARLY_DRAW_AGREED).setPly(lastPly(g.live()))
                    .setCaptureTimeMs(now).setText("draw agreed " + why).build();
            update(g.id(), GameUpdate.newBuilder().setEvent(early), now);
        }
        audit(who, g.id(), text.toUpperCase(), "", result == GameResult.RESULT_UNSPECIFIED ? what(AuditEntry.Kind.GAME_REOPENED)
                : what(AuditEntry.Kind.RESULT_ENTERED).setValue(Pdn.result(result)), () -> answered.accept(text));
    }

    /** The number of the game's last ply as arbiter-events.md counts them (1 = white's first move), 0 before any. */
    public static int lastPly(GameFold live) {
        return live.plyCount() == 0 ? 0 : live.plyNumber(live.plyCount());
    }
}
