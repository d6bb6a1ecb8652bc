package org.damrelay.driver.clock;

/** A clock that only moves when told to (tests, replay). Thread-safe. */
public final class ManualClock implements DriverClock {
    private long now;

    public ManualClock(long start) {
        this.now = start;
    }

    public ManualClock() {
        this(0);
    }

    @Override public synchronized long millis() {
        return now;
    }

    @Override public synchronized void sleep(long millis) {
        advance(millis);
    }

    public synchronized void advance(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("time does not go back: " + millis);
        }
        now += millis;
    }

    /** Moves to t if that is later (replay of recorded times). */
    public synchronized void advanceTo(long t) {
        now = Math.max(now, t);
    }
}
