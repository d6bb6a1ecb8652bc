package org.damrelay.emulator;

import java.time.Duration;

/**
 * How the clock is set: each player's starting time and the increment per move; Bronstein (only
 * the time used comes back) instead of Fischer to stage a wrong setting.
 */
public record ClockSetting(Duration base, Duration increment, boolean bronstein) {
    public ClockSetting {
        if (base.isNegative() || base.compareTo(Duration.ofHours(9)) > 0) throw new IllegalArgumentException("clock time " + base + " out of range (0 to 9 hours)");
        if (increment.isNegative() || increment.compareTo(Duration.ofHours(1)) > 0) throw new IllegalArgumentException("increment " + increment + " out of range (0 to 1 hour)");
    }

    /** {@code BASE+INC}: BASE as h:mm:ss, m:ss or seconds, INC in seconds, e.g. {@code 1:20:00+60}. */
    public static ClockSetting parse(String spec, boolean bronstein) {
        String[] parts = spec.split("\\+");
        if (parts.length != 2) throw new IllegalArgumentException("\"" + spec + "\" is not BASE+INC (e.g. 1:20:00+60)");
        return new ClockSetting(time(parts[0]), Duration.ofSeconds(seconds(parts[1], spec)), bronstein);
    }

    /** h:mm:ss, m:ss or seconds. */
    public static Duration time(String s) {
        String[] parts = s.split(":");
        if (parts.length > 3) throw new IllegalArgumentException("\"" + s + "\" is not a time (h:mm:ss, m:ss or seconds)");
        long total = 0;
        for (String p : parts) total = total * 60 + seconds(p, s);
        return Duration.ofSeconds(total);
    }

    private static long seconds(String p, String whole) {
        try {
            long v = Long.parseLong(p.strip());
            if (v < 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + whole + "\" is not a time (h:mm:ss, m:ss or seconds)");
        }
    }
}
