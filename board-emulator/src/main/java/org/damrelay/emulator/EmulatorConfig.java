package org.damrelay.emulator;

import java.time.Duration;

/**
 * One emulated board's settings.
 *
 * @param noise        the noise levels
 * @param seed         everything random derives from it: same seed, same timeline
 * @param turned       the board lies turned round (reports field 99-f)
 * @param timing       human and sensor timings
 * @param base         the clock's starting time per player
 * @param increment    the Fischer increment per move
 * @param whiteOnRight white's time is the clock's right side
 * @param clockTickMs  a clock reading every this many ms while it runs (0: only on presses)
 * @param bronstein    the clock adds back at most the time used (Bronstein) instead of the full increment
 *                     (Fischer): the wrong setting an arbiter must notice (CLOCK_MISMATCH)
 * @param quota        a move quota (SWR 10.1): the press completing it adds the next period's time; null for none
 */
public record EmulatorConfig(NoiseProfile noise, long seed, boolean turned, Timing timing, Duration base,
                             Duration increment, boolean whiteOnRight, long clockTickMs, boolean bronstein,
                             FischerClock.Quota quota) {

    public static EmulatorConfig defaults() {
        return new EmulatorConfig(NoiseProfile.defaults(), 1L, false, Timing.human(), Duration.ofMinutes(80),
                Duration.ofMinutes(1), true, 1000, false, null);
    }

    public EmulatorConfig withNoise(NoiseProfile n) {
        return new EmulatorConfig(n, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota);
    }

    public EmulatorConfig withSeed(long s) {
        return new EmulatorConfig(noise, s, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota);
    }

    public EmulatorConfig withTurned(boolean t) {
        return new EmulatorConfig(noise, seed, t, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota);
    }

    public EmulatorConfig withTiming(Timing t) {
        return new EmulatorConfig(noise, seed, turned, t, base, increment, whiteOnRight, clockTickMs, bronstein, quota);
    }

    public EmulatorConfig withClock(Duration b, Duration inc, boolean whiteRight) {
        return new EmulatorConfig(noise, seed, turned, timing, b, inc, whiteRight, clockTickMs, bronstein, quota);
    }

    public EmulatorConfig withClock(ClockSetting c) {
        return new EmulatorConfig(noise, seed, turned, timing, c.base(), c.increment(), whiteOnRight, clockTickMs, c.bronstein(), quota);
    }

    public EmulatorConfig withBronstein(boolean b) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, b, quota);
    }

    /** A clock with a move quota (e.g. 40 moves, then 1 h added): the press completing it adds the next period's time. */
    public EmulatorConfig withQuota(FischerClock.Quota q) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, q);
    }

    public EmulatorConfig withClockTickMs(long ms) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, ms, bronstein, quota);
    }
}
