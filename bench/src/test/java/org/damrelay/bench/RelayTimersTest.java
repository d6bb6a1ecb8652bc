package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A step's p99 from the relay's cumulative histogram buckets read before and after it. */
class RelayTimersTest {

    private static Map<String, TreeMap<Double, Double>> read(double... cumulative) {
        TreeMap<Double, Double> buckets = new TreeMap<>();
        double[] bounds = {0.001, 0.002, 0.004, 0.008, 0.016};
        for (int i = 0; i < bounds.length; i++) buckets.put(bounds[i], cumulative[i]);
        return Map.of("h", buckets);
    }

    @Test
    void onlyWhatTheStepRecordedCounts() {
        // before the step: 1,000 slow ones (16 ms); the step adds 990 under 2 ms and 10 under 8 ms
        var before = read(0, 0, 0, 0, 1000);
        var after = read(500, 990, 990, 1000, 2000);
        assertEquals("<= 2.0 ms", RelayTimers.p99Between(before, after, "h"));
        var slower = read(500, 980, 980, 1000, 2000);
        assertEquals("<= 8.0 ms", RelayTimers.p99Between(before, slower, "h"), "20 of 1,000 above 2 ms: the 99th is above it");
    }

    @Test
    void nothingRecordedOrNoSuchHistogramIsADash() {
        var same = read(1, 2, 3, 4, 5);
        assertEquals("-", RelayTimers.p99Between(same, same, "h"));
        assertEquals("-", RelayTimers.p99Between(same, same, "other"));
    }
}
