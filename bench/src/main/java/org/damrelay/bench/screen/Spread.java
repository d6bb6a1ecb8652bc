package org.damrelay.bench.screen;

import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * How a set of latencies spreads: count, min, p50, p90, p99 and max in milliseconds (HdrHistogram
 * at five significant digits: exact for whole milliseconds below two minutes). A set with no values has n 0 and prints dashes.
 */
public record Spread(long n, long min, long p50, long p90, long p99, long max) {

    public static Spread of(Collection<Long> millis) {
        Histogram h = new Histogram(5); // exact below 131,072 ms
        h.setAutoResize(true);
        for (long v : millis) {
            if (v < 0) throw new IllegalArgumentException("a latency below 0 ms: " + v + " (clamp what came before its moment)");
            h.recordValue(v);
        }
        if (h.getTotalCount() == 0) return new Spread(0, 0, 0, 0, 0, 0);
        return new Spread(h.getTotalCount(), h.getMinValue(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(99), h.getMaxValue());
    }

    /** The table's cells: {@code | n | min | p50 | p90 | p99 | max |}, dashes for an empty set. */
    public String cells() {
        if (n == 0) return "| 0 | - | - | - | - | - |";
        return String.format("| %d | %,d | %,d | %,d | %,d | %,d |", n, min, p50, p90, p99, max);
    }
}
