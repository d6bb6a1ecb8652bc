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
 * @param clockLatency how late the clock's readings reach the line after what they report (a real clock's come
 *                     0.1-1 s after the lever, not evenly); readings still arrive in order
 */
public record EmulatorConfig(NoiseProfile noise, long seed, boolean turned, Timing timing, Duration base,
                             Duration increment, boolean whiteOnRight, long clockTickMs, boolean bronstein,
                             FischerClock.Quota quota, Latency clockLatency) {

    /** A delay drawn evenly from {@code minMs..maxMs} for each reading (the seed's draw: same seed, same delays). */
    public record Latency(long minMs, long maxMs) {
        public Latency {
            if (minMs < 0 || maxMs < minMs) throw new IllegalArgumentException("latency " + minMs + ".." + maxMs + " ms");
        }

        /** A real clock's: its readings reach the line 0.1-1 s after the lever, not evenly (the demo uses it). */
        public static final Latency REAL_CLOCK = new Latency(100, 1000);

        /** The emulator's own figure before latency was modelled: one scan's worth, always the same. */
        public static Latency fixed(long ms) {
            return new Latency(ms, ms);
        }
    }

    public static EmulatorConfig defaults() {
        return new EmulatorConfig(NoiseProfile.defaults(), 1L, false, Timing.human(), Duration.ofMinutes(80),
                Duration.ofMinutes(1), true, 1000, false, null, Latency.fixed(30));
    }

    public EmulatorConfig withNoise(NoiseProfile n) {
        return new EmulatorConfig(n, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota, clockLatency);
    }

    public EmulatorConfig withSeed(long s) {
        return new EmulatorConfig(noise, s, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota, clockLatency);
    }

    public EmulatorConfig withTurned(boolean t) {
        return new EmulatorConfig(noise, seed, t, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota, clockLatency);
    }

    public EmulatorConfig withTiming(Timing t) {
        return new EmulatorConfig(noise, seed, turned, t, base, increment, whiteOnRight, clockTickMs, bronstein, quota, clockLatency);
    }

    public EmulatorConfig withClock(Duration b, Duration inc, boolean whiteRight) {
        return new EmulatorConfig(noise, seed, turned, timing, b, inc, whiteRight, clockTickMs, bronstein, quota, clockLatency);
    }

    public EmulatorConfig withClock(ClockSetting c) {
        return new EmulatorConfig(noise, seed, turned, timing, c.base(), c.increment(), whiteOnRight, clockTickMs, c.bronstein(), quota, clockLatency);
    }

    public EmulatorConfig withBronstein(boolean b) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, b, quota, clockLatency);
    }

    /** A clock with a move quota (e.g. 40 moves, then 1 h added): the press completing it adds the next period's time. */
    public EmulatorConfig withQuota(FischerClock.Quota q) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, q, clockLatency);
    }

    public EmulatorConfig withClockTickMs(long ms) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, ms, bronstein, quota, clockLatency);
    }

    /** Clock readings that reach the line {@code l} after what they report. */
    public EmulatorConfig withClockLatency(Latency l) {
        return new EmulatorConfig(noise, seed, turned, timing, base, increment, whiteOnRight, clockTickMs, bronstein, quota, l);
    }
}
