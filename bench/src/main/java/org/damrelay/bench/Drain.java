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
        long start = System.currentTimeMillis(), lastChange = start, last = -1;
        Rig.Window w = rig.window();
        while (w.updates() < expected) {
            long now = System.currentTimeMillis();
            if (w.updates() != last) {
                last = w.updates();
                lastChange = now;
            } else if (last > 0 && now - lastChange >= quietMillis) {  // a starved relay may not have begun
                break;
            }
            if (now - start >= maxMillis) break;
            Thread.sleep(50);
            w = rig.window();
        }
        return w;
    }
}
