package org.damrelay.relay.arbiter;

import org.damrelay.proto.BlockedBoard;
import org.damrelay.proto.GameInfo;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.ingest.IngestService;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Core thread: which boards wait for the arbiter (a refused event or a sequence gap), as the
 * arbiter stream tells it, and what was last told per game, so that a change is sent once.
 */
final class BlockedBoards {
    private final RelayCore core;
    private final IngestService ingest;
    /** The last block told per game; a released board is removed. */
    private final Map<String, BlockedBoard> told = new HashMap<>();

    BlockedBoards(RelayCore core, IngestService ingest) {
        this.core = core;
        this.ingest = ingest;
    }

    /** The game's block as it stands now; empty when its board is not blocked. */
    Optional<BlockedBoard> of(GameRecord g) {
        GameInfo info = g.info();
        Source src = new Source(info.getEventId(), info.getSourceDriver(), info.getSourceBoard());
        var book = core.book();
        // a board feeds one game at a time: the games of its earlier rounds are not blocked by it
        if (!book.cursors().containsKey(src) || !book.directory().gameFor(src).orElse("").equals(g.id())) return Optional.empty();
        SourceCursor cursor = book.cursor(src);
        BlockedBoard.Builder b = BlockedBoard.newBuilder().setGameId(g.id()).setBoard(info.getBoard()).setBlocked(true);
        if (cursor.blocked()) {
            b.setSeq(cursor.blockedSeq()).setReason(cursor.blockedReason());
            ingest.refusedEvent(src).ifPresent(b::setRefused);
            return Optional.of(b.build());
        }
        long gap = ingest.gapAt(src);
        if (gap == 0) return Optional.empty();
        return Optional.of(b.setSeq(gap).setReason("SEQUENCE_GAP: the relay holds seq up to " + cursor.applied()
                + ", the driver sends " + gap).build());
    }

    /** The game's block if it changed since it was last told (a release as blocked = false), else empty. */
    Optional<BlockedBoard> changed(GameRecord g) {
        Optional<BlockedBoard> now = of(g);
        BlockedBoard before = told.get(g.id());
        if (now.isPresent()) {
            if (now.get().equals(before)) return Optional.empty();
            told.put(g.id(), now.get());
            return now;
        }
        if (before == null) return Optional.empty();
        told.remove(g.id());
        return Optional.of(before.toBuilder().setBlocked(false).build());
    }
}
