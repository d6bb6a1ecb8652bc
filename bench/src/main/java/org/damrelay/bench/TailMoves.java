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
 * A step's slowest moves, each with its wall-clock send time and the GC pauses (the server's, the
 * generators') that overlapped its way to the spectators: one report line per step that had any.
 */
final class TailMoves {

    /** Worst moves asked of each generator and named in the line. */
    static final int ASKED = 40, NAMED = 6;

    private TailMoves() {}

    /** What a step leaves for the line: its rate, the moves it sent, and the generators' worst moves. */
    record Step(String rate, long movesSent, SlowMoves slow) {}

    /**
     * @param nowNanos  {@code System.nanoTime()} at {@code now}: the moves' stamps are on that clock (one for the host)
     */
    static String line(Step step, List<GcPauses> logs, long nowNanos, Instant now) {
        List<SlowMoves.Move> worst = step.slow().worst(ASKED);
        if (worst.isEmpty()) return null;
        List<String> named = new ArrayList<>();
        int inPause = 0;
        for (SlowMoves.Move m : worst) {
            Instant sent = now.minusNanos(nowNanos - m.sentNanos());
            Instant last = sent.plusNanos(m.maxMicros() * 1000);
            List<String> pauses = new ArrayList<>();
            for (GcPauses log : logs) {
                for (GcPauses.Pause p : log.during(sent, last)) {
                    pauses.add(String.format(Locale.ROOT, "%s %s pause %.1f ms", log.whose(), p.kind().toLowerCase(Locale.ROOT), p.millis()));
                }
            }
            if (!pauses.isEmpty()) inPause++;
            if (named.size() < NAMED) {
                named.add(String.format(Locale.ROOT, "%s ms sent %s (%d deliveries over)%s", BenchReport.ms(m.maxMicros()),
                        LocalTime.ofInstant(sent, ZoneId.systemDefault()).truncatedTo(ChronoUnit.MILLIS), m.slowDeliveries(),
                        pauses.isEmpty() ? "" : " in a " + String.join(" and a ", pauses)));
            }
        }
        // the count is each generator's own (exact with the fan-out's one generator), not its worst ASKED
        return String.format(Locale.ROOT, "moves over %d ms at %s moves/s: %d of %,d, %d of the worst %d in a GC pause; worst: %s",
                SlowMoves.SLOW_MICROS / 1000, step.rate(), step.slow().size(), step.movesSent(), inPause, worst.size(),
                String.join("; ", named));
    }
}
