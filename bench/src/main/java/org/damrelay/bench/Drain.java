package org.damrelay.bench;

import java.io.IOException;

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
}
