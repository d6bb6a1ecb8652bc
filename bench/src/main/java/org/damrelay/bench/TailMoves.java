package org.damrelay.bench;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.damrelay.bench.load.SlowMoves;

/**
 * A step's slowest moves, each with its wall-clock send time and what overlapped its way to the
 * spectators: JVM pauses (collections and other safepoints; the server's, the generators', the
 * bench JVM's) and runs of other processes on the cores ({@link OtherRuns}): one report line per
 * step that had any.
 */
final class TailMoves {

    /** Worst moves asked of each generator and named in the line. */
    static final int ASKED = 400, NAMED = 6;

    private TailMoves() {}

    /**
     * What a step leaves for the line: its rate, the moves it sent, the deliveries received (each
     * move goes to {@code perGame} spectators), and the generators' worst moves.
     */
    record Step(String rate, long movesSent, long received, int perGame, SlowMoves slow) {}

    /**
     * Whether another process held {@code m} up: less the time other processes held a core on its
     * way, it would have arrived within the bound. A long stall of the server's own that a short
     * run of another process merely overlaps is not excused by it.
     */
    static boolean heldUp(SlowMoves.Move m, OtherRuns others) {
        long lateness = m.maxMicros() * 1000;
        return lateness - others.heldNanos(m.sentNanos(), m.sentNanos() + lateness) < SlowMoves.SLOW_MICROS * 1000;
    }

    /**
     * Whether the step's p99 is within the bound once the moves another process held up
     * ({@link #heldUp}) are set aside (their deliveries, fast or slow, leave the count): at most 1% of the rest over it.
     * Null when there is nothing to set aside by (no trace) or the step's slow moves are not all
     * known (a generator had more than {@link #ASKED}).
     */
    static Boolean withinAsideOthers(Step step, OtherRuns others, boolean traced) {
        List<SlowMoves.Move> all = step.slow().worst(ASKED);
        if (!traced || step.slow().size() > all.size()) return null;
        long slow = 0, setAside = 0;
        for (SlowMoves.Move m : all) {
            if (heldUp(m, others)) setAside++;
            else slow += m.slowDeliveries();
        }
        long rest = step.received() - setAside * step.perGame();
        return rest > 0 && slow * 100 <= rest;
    }

    /**
     * @param nowNanos  {@code System.nanoTime()} at {@code now}: the moves' stamps are on that clock (one for the host)
     */
    static String line(Step step, List<GcPauses> logs, OtherRuns others, long nowNanos, Instant now) {
        List<SlowMoves.Move> worst = step.slow().worst(ASKED);
        if (worst.isEmpty()) return null;
        List<String> named = new ArrayList<>();
        int inPause = 0, heldUp = 0;
        for (SlowMoves.Move m : worst) {
            Instant sent = now.minusNanos(nowNanos - m.sentNanos());
            Instant last = sent.plusNanos(m.maxMicros() * 1000);
            List<String> pauses = new ArrayList<>();
            List<OtherRuns.Run> runs = others.during(m.sentNanos(), m.sentNanos() + m.maxMicros() * 1000);
            if (heldUp(m, others)) heldUp++;
            for (GcPauses log : logs) {
                for (GcPauses.Pause p : log.during(sent, last)) {
                    pauses.add(String.format(Locale.ROOT, "%s %s pause %.1f ms", log.whose(), p.kind(), p.millis()));
                }
            }
            if (!pauses.isEmpty()) inPause++;
            if (named.size() < NAMED) {
                named.add(String.format(Locale.ROOT, "%s ms sent %s (%d deliveries over)%s%s", BenchReport.ms(m.maxMicros()),
                        LocalTime.ofInstant(sent, ZoneId.systemDefault()).truncatedTo(ChronoUnit.MILLIS), m.slowDeliveries(),
                        pauses.isEmpty() ? "" : " in a " + String.join(" and a ", pauses),
                        runs.isEmpty() ? "" : " with " + OtherRuns.summary(runs) + " on its way"));
            }
        }
        // the count is each generator's own (exact with the fan-out's one generator), not its worst ASKED
        return String.format(Locale.ROOT, "moves over %d ms at %s moves/s: %d of %,d, %d of the worst %d in a JVM pause,"
                        + " %d held up by another process; worst: %s",
                SlowMoves.SLOW_MICROS / 1000, step.rate(), step.slow().size(), step.movesSent(), inPause, worst.size(), heldUp,
                String.join("; ", named));
    }
}
