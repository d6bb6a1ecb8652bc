package org.damrelay.driver.uplink;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/** Capped exponential reconnect delays with jitter, so a hall of drivers does not reconnect in step. */
final class Backoff {
    private final long minMillis;
    private final long maxMillis;
    private long next;

    Backoff(Duration min, Duration max) {
        this.minMillis = min.toMillis();
        this.maxMillis = max.toMillis();
        this.next = minMillis;
    }

    /** The delay before the next attempt: between half and all of the current step. */
    long nextMillis() {
        long step = next;
        next = Math.min(maxMillis, next * 2);
        return step / 2 + ThreadLocalRandom.current().nextLong(step / 2 + 1);
    }

    void reset() {
        next = minMillis;
    }
}
