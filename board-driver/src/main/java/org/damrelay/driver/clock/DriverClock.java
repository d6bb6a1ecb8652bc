package org.damrelay.driver.clock;

/**
 * The capture clock: milliseconds since the line's capture started. Everything that measures time
 * in the driver (timeouts, backoff, polling, the times handed to observers) asks this clock, so a
 * replay or a test with {@link ManualClock} runs the very same logic without sleeping.
 */
public interface DriverClock {
    long millis();

    /** Wait this long (a manual clock just moves on). */
    void sleep(long millis) throws InterruptedException;

    /** Real time, counted from the moment this clock is made. */
    static DriverClock system() {
        long origin = System.nanoTime();
        return new DriverClock() {
            @Override public long millis() {
                return (System.nanoTime() - origin) / 1_000_000;
            }

            @Override public void sleep(long millis) throws InterruptedException {
                if (millis > 0) {
                    Thread.sleep(millis);
                }
            }
        };
    }
}
