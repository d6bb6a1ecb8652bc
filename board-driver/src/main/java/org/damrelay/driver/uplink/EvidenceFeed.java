package org.damrelay.driver.uplink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.SensorExcerpt;
import org.damrelay.proto.SensorReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One board's decoded reports into the evidence outbox (docs/evidence.md), in batches: a batch is
 * written (fsynced) once it is a second old on the capture clock or holds {@value #MAX_BATCH}
 * reports, so a crash loses at most the last second, as the capture file itself does. Called on
 * the line's thread only.
 */
public final class EvidenceFeed {
    private static final Logger log = LoggerFactory.getLogger(EvidenceFeed.class);
    public static final long FLUSH_EVERY_MILLIS = 1000;
    static final int MAX_BATCH = 500;

    private final String board;
    private final Outbox outbox;
    private final String capture;
    private final long origin;
    private final List<SensorReport> pending = new ArrayList<>();
    private long firstPending;
    private boolean failed;

    /**
     * @param capture the capture file's name ("" without one)
     * @param origin  the wall clock (ms since the epoch) at capture time 0
     */
    public EvidenceFeed(String board, Outbox outbox, String capture, long origin) {
        this.board = board;
        this.outbox = outbox;
        this.capture = capture == null ? "" : capture;
        this.origin = origin;
    }

    public long origin() {
        return origin;
    }

    public void report(SensorReport r) {
        if (pending.isEmpty()) firstPending = r.getCaptureMs();
        pending.add(r);
        if (pending.size() >= MAX_BATCH) flush();
        else tick(r.getCaptureMs());
    }

    /** Time passed on the capture clock: a batch a second old is written. */
    public void tick(long t) {
        if (!pending.isEmpty() && t - firstPending >= FLUSH_EVERY_MILLIS) flush();
    }

    /**
     * Writes what is pending. Evidence is not worth stopping a board for: a failing disk loses the
     * batch with one line (the game events' outbox on the same disk stops the board anyway).
     */
    public void flush() {
        if (pending.isEmpty()) return;
        SensorExcerpt batch = SensorExcerpt.newBuilder().setCapture(capture).setCaptureOriginMs(origin)
                .addAllReports(pending).build();
        pending.clear();
        try {
            outbox.appendEvidence(board, batch);
            failed = false;
        } catch (IOException | IllegalStateException e) {
            if (!failed) log.error("board {}: evidence not kept, the evidence outbox {} cannot write: {}", board, outbox.directory(), e.toString());
            failed = true;
        }
    }
}
