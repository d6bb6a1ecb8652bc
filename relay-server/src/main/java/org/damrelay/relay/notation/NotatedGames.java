package org.damrelay.relay.notation;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceState;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.SourceCursor;

/**
 * What the arbiter's side and the device's side of notation both read of a notated game in the
 * book: the credential in force, the cursor of the game's own source, whether the last entry may
 * still be undone, and the state a device is shown. That state is what the relay holds durably,
 * with the last entry acked, both as of the same fsync: a device never sees a move of its own in
 * the game before its ack. Core thread only.
 */
final class NotatedGames {

    private final RelayCore core;

    NotatedGames(RelayCore core) {
        this.core = core;
    }

    GameBook book() { return core.book(); }

    GameRecord game(String gameId) { return core.book().game(gameId); }

    /** The game's credential, revoked or not; null if none was ever issued. */
    NotationGrant grant(String gameId) { return core.book().notationGrant(gameId); }

    /** Where the device's entries stand: the sequence of the game's own source. */
    SourceCursor cursor(GameRecord g) { return core.book().cursor(NotationService.source(g.info())); }

    /** The record that ends a credential, by whom. */
    static JournalRecord revoked(NotationGrant grant, String by, long now) {
        return JournalRecord.newBuilder().setNotationGrant(grant.toBuilder().setRevoked(true).setTimeMs(now).setBy(by)).build();
    }

    /** The state a device is shown: the durable game, the last entry acked, and what it may enter next. */
    DeviceMessage state(GameRecord g) {
        List<GameUpdate> durable = new ArrayList<>();
        for (int v = 1; v <= g.durable(); v++) durable.add(g.update(v));
        SourceCursor cursor = cursor(g);
        NotationGrant grant = grant(g.id());
        return DeviceMessage.newBuilder().setState(DeviceState.newBuilder()
                .setSnapshot(GameFold.of(g.initialInfo(), durable).snapshot()).setAcked(cursor.durable())
                .setTimes(grant == null ? TimeEntry.TIMES_OPTIONAL : grant.getTimes())
                .setUndoable(undoable(g, g.durable())).setRefused(cursor.blockedSeq()).setRefusedReason(cursor.blockedReason())).build();
    }

    /**
     * Whether the game's last position change up to {@code version} is a move entered on the
     * device: only that one may be undone, and only once (an undo is not undone again).
     */
    static boolean undoable(GameRecord g, int version) {
        for (int v = version; v >= 1; v--) {
            GameUpdate u = g.update(v);
            if (u.hasResult()) return false;
            if (u.hasCorrection()) return false;
            if (!u.hasEvent()) continue;
            switch (u.getEvent().getType()) {
                case MOVE -> { return true; }
                case MOVE_REPLACED, MOVE_RETRACTED, ILLEGAL_MOVE -> { return false; }
                default -> { }
            }
        }
        return false;
    }

    /** Who acted on the device, for the audit log: the notator's name once given. */
    static String notator(GameRecord g) {
        return g.info().getNotator().isEmpty() ? "notation device" : "notation device (" + g.info().getNotator() + ")";
    }
}
