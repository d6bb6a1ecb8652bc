package org.damrelay.emulator;

import java.util.random.RandomGenerator;

/**
 * Human and sensor timings in milliseconds. Think time is log-normal around its median (most
 * moves are quick, a few take minutes); the rest are uniform in their ranges.
 *
 * @param scanMinMs       shortest full scan of the 100 fields
 * @param scanMaxMs       longest full scan (each board draws its own period in this range)
 * @param thinkMedianMs   median time between the opponent's clock press and the lift
 * @param thinkMinMs      no reply comes faster (except the fast-plies noise)
 * @param thinkMaxMs      cap on a drawn think time
 * @param liftToPutMinMs  a hand carrying a piece one step
 * @param liftToPutMaxMs
 * @param pressMinMs      the last put to the clock press
 * @param pressMaxMs
 */
public record Timing(double scanMinMs, double scanMaxMs, double thinkMedianMs, double thinkMinMs, double thinkMaxMs,
                     double liftToPutMinMs, double liftToPutMaxMs, double pressMinMs, double pressMaxMs) {

    public static Timing human() {
        return new Timing(200, 250, 12_000, 1_500, 240_000, 250, 700, 200, 700);
    }

    public double think(RandomGenerator rnd) {
        double t = thinkMedianMs * Math.exp(0.9 * rnd.nextGaussian());
        return Math.max(thinkMinMs, Math.min(thinkMaxMs, t));
    }

    public double liftToPut(RandomGenerator rnd) {
        return uniform(rnd, liftToPutMinMs, liftToPutMaxMs);
    }

    public double press(RandomGenerator rnd) {
        return uniform(rnd, pressMinMs, pressMaxMs);
    }

    public double scanPeriod(RandomGenerator rnd) {
        return uniform(rnd, scanMinMs, scanMaxMs);
    }

    public static double uniform(RandomGenerator rnd, double lo, double hi) {
        return hi <= lo ? lo : lo + rnd.nextDouble() * (hi - lo);
    }
}
