package org.damrelay.driver.dgt.transport;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reconnect delays, for the serial lines and the relay uplink alike: initial, multiplied by
 * factor after each failed attempt, never above max.
 */
public record Backoff(Duration initial, Duration max, double factor) {
    public Backoff {
        if (initial.isNegative() || max.compareTo(initial) < 0 || factor < 1) {
            throw new IllegalArgumentException("backoff needs 0 <= initial <= max and factor >= 1: " + initial + ", " + max + ", " + factor);
        }
    }

    public static Backoff standard() {
        return new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30), 2);
    }

    /** The step after {@code currentMillis}. */
    public long next(long currentMillis) {
        return Math.min(max.toMillis(), Math.round(currentMillis * factor));
    }

    /**
     * A delay between half and all of {@code stepMillis}: a hall of drivers that lost the relay
     * together does not come back in step.
     */
    public static long jittered(long stepMillis) {
        return stepMillis / 2 + ThreadLocalRandom.current().nextLong(stepMillis / 2 + 1);
    }
}
