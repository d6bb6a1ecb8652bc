package org.damrelay.bench;

import java.io.IOException;
import java.util.ArrayDeque;

/** Waiting for deliveries to arrive, bounded: scenarios poll the generators, never sleep blindly. */
final class Drain {

    private Drain() {}

    /**
     * Polls until {@code expected} live updates arrived, or the count, once rising, stops for
     * {@code quietMillis}, or {@code maxMillis} pass. Returns the last window.
     */
    static Rig.Window until(Rig rig, long expected, long quietMillis, long maxMillis) throws IOException, InterruptedException {
        // polls the counts only: fetching the histograms 20 times a second cost the load side a good part of its core
        long start = System.currentTimeMillis(), lastChange = start, last = -1;
        long n = rig.updates();
        while (n < expected) {
            long now = System.currentTimeMillis();
            if (n != last) {
                last = n;
                lastChange = now;
            } else if (last > 0 && now - lastChange >= quietMillis) {  // a starved relay may not have begun
                break;
            }
            if (now - start >= maxMillis) break;
            Thread.sleep(50);
            n = rig.updates();
        }
        return rig.window();
    }

    /**
     * Polls the server's compiler threads until they used under 2% of a core over the last
     * {@code quietMillis}, or {@code maxMillis} pass; returns the seconds waited. A relay in a hall
     * has run for hours before the move its spectators wait for: whatever the warm-up set compiling
     * must not fall into the first measured step (round 8 found none left: a check, kept).
     */
    static double jitSettled(long pid, long quietMillis, long maxMillis) throws InterruptedException {
        long start = System.currentTimeMillis();
        ArrayDeque<long[]> seen = new ArrayDeque<>(); // {at ms, JIT ns so far}, the last quietMillis of them
        while (true) {
            long now = System.currentTimeMillis();
            long jit = ProcessCpu.byThread(pid).getOrDefault("JIT", 0L);
            seen.addLast(new long[] {now, jit});
            while (seen.size() > 1 && now - seen.peekFirst()[0] > quietMillis) seen.removeFirst();
            long[] first = seen.peekFirst();
            boolean windowFull = now - start >= quietMillis && now - first[0] >= quietMillis * 9 / 10;
            boolean quiet = windowFull && (jit - first[1]) * 50 < quietMillis * 1_000_000L;
            if (quiet || now - start >= maxMillis) return (now - start) / 1000.0;
            Thread.sleep(100);
        }
    }
}
