package org.damrelay.driver.dgt.transport;

import java.time.Duration;

/** Reconnect delays: initial, multiplied by factor after each failed attempt, never above max. */
public record Backoff(Duration initial, Duration max, double factor) {
    public Backoff {
        if (initial.isNegative() || max.compareTo(initial) < 0 || factor < 1) {
            throw new IllegalArgumentException("backoff needs 0 <= initial <= max and factor >= 1: " + initial + ", " + max + ", " + factor);
        }
    }

    public static Backoff standard() {
        return new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30), 2);
    }

    long next(long currentMillis) {
        return Math.min(max.toMillis(), Math.round(currentMillis * factor));
    }
}
