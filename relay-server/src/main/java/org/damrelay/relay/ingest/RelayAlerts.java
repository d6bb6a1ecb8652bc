package org.damrelay.relay.ingest;

import java.util.zip.CRC32C;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.proto.BoardState;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.StreamNotice;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;

/**
 * What the relay tells about a board's stream rather than about play. The alerts it raises itself, about a board's stream rather than about play
 * (BOARD_BLOCKED, SEQUENCE_CONFLICT): journaled like the arbiter's updates, so the arbiter sees
 * them live and after a restart, and never shown to spectators. Core thread.
 */
public final class RelayAlerts {

    private RelayAlerts() {}

    /** Whether a driver may send this type: the relay's own alerts come from the relay only. */
    static boolean relayOnly(EventType t) {
        return t == EventType.BOARD_BLOCKED || t == EventType.SEQUENCE_CONFLICT;
    }

    /** Raises {@code type} with its parameters ({@code stream}) for the pages and an English text for logs. */
    public static void raise(RelayCore core, GameRecord game, EventType type, StreamNotice.Builder stream, String text) {
        long now = System.currentTimeMillis();
        GameFold live = game.live();
        int ply = live.plyCount() == 0 ? 0 : live.plyNumber(live.plyCount());
        GameUpdate u = core.book().next(game.id(), GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(type).setPly(ply)
                .setCaptureTimeMs(now).setText(text).setStream(stream)), now);
        core.commit(JournalRecord.newBuilder().setArbiterUpdate(u).build(), null);
    }

    /** Where a board's game stands, for a driver that resumes its reconstruction (Welcome.states). */
    static BoardState boardState(String board, GameFold live) {
        return BoardState.newBuilder().setBoard(board).setFen(Fen.write(live.position()))
                .setPly(live.plyCount() == 0 ? 0 : live.plyNumber(live.plyCount())).setClock(live.clock()).build();
    }

    /**
     * What identifies an event's content across re-sends: what happened on the board, not when it
     * was read or sent (capture time, clock reading, send time), so only another event under the
     * same seq is a conflict.
     */
    static int digest(GameEvent e) {
        CRC32C c = new CRC32C();
        c.update(e.toBuilder().clearCaptureTimeMs().clearSentNanos().clearClock().build().toByteArray());
        return (int) c.getValue();
    }
}
