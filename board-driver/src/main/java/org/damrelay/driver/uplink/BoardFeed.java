package org.damrelay.driver.uplink;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One physical board's reconstructed events into the outbox, in order, under the board's id
 * (serial or bus address, as the relay's pairings name it).
 */
public final class BoardFeed implements ArbiterListener {
    private static final Logger log = LoggerFactory.getLogger(BoardFeed.class);

    private final String board;
    private final Variant variant;
    private final WirePlies plies;
    private final Outbox outbox;
    private final long wallOrigin;

    /** A board whose games start from the standard position. */
    public BoardFeed(String board, Variant variant, Outbox outbox) {
        this(board, variant, Position.start(), outbox);
    }

    /** @param start where this board's games start: with black to move, plies are numbered from 2 */
    public BoardFeed(String board, Variant variant, Position start, Outbox outbox) {
        this(board, variant, new WirePlies(start), outbox);
    }

    /** @param plies how the wire numbers this board's plies (a resumed game continues its numbering) */
    public BoardFeed(String board, Variant variant, WirePlies plies, Outbox outbox) {
        this(board, variant, plies, outbox, 0);
    }

    /** @param wallOrigin the wall clock (ms since the epoch) at capture time 0, to stamp each event's wall time; 0 = unknown */
    public BoardFeed(String board, Variant variant, WirePlies plies, Outbox outbox, long wallOrigin) {
        this.wallOrigin = wallOrigin;
        this.board = board;
        this.variant = variant;
        this.plies = plies;
        this.outbox = outbox;
    }

    public String board() {
        return board;
    }

    /** @throws UncheckedIOException when the outbox cannot write: the board must stop rather than lose the event */
    @Override
    public void onEvent(ArbiterEvent event) {
        var wire = GameEvents.toProto(event, variant, plies.pliesBefore(event));
        // where the arbiter's evidence of this event is found (its reports carry the same clock)
        if (wallOrigin != 0) wire = wire.toBuilder().setWallTimeMs(wallOrigin + event.t()).build();
        try {
            // the commit time on this host's monotonic clock: lets a benchmark on the same host time
            // driver commit to spectator receipt (docs/benchmarks.md); the relay passes it through
            var stored = outbox.append(board, wire.toBuilder().setSentNanos(System.nanoTime()).build());
            log.info("board {} seq {}: {}", board, stored.getSeq(), event);
        } catch (IOException e) {
            log.error("board {}: could not write {} to the outbox {}: {}", board, event, outbox.directory(), e.toString());
            throw new UncheckedIOException("outbox write failed for board " + board, e);
        }
    }
}
