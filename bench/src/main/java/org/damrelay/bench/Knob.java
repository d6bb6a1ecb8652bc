package org.damrelay.bench;

import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The harness's {@code -Ddamrelay.bench.*} knobs (given through DAMRELAY_JAVA_OPTS, for profiling
 * one load; docs/benchmarks.md): their names and what each takes, in one place, so that a typo or
 * a bad value is refused in one line before anything starts rather than ignored or met minutes in.
 */
enum Knob {
    /** Moves/s of the steps, comma-separated, instead of the table's. */
    RATES("rates", Kind.RATES),
    /** Seconds at each step. */
    STEP_SECONDS("stepSeconds", Kind.POSITIVE_WHOLE),
    /** Moves/s of the unreported warm-up. */
    WARM_UP_RATE("warmUpRate", Kind.RATE),
    /** Seconds of the unreported warm-up (0: none). */
    WARM_UP_SECONDS("warmUpSeconds", Kind.WHOLE),
    /** Moves/s, comma-separated: one second at each after the warm-up. */
    WARM_UP_RAMP("warmUpRamp", Kind.RATES),
    /** Whole games on unwatched boards before everything (0: none). */
    WARM_UP_BOARDS("warmUpBoards", Kind.WHOLE),
    /** The relay's own p99 per step from its /metrics (true or false). */
    RELAY_SIDE("relaySide", Kind.FLAG),
    /** The relay's event loops (1: one loop that runs the core too). */
    EVENT_LOOPS("eventLoops", Kind.POSITIVE_WHOLE),
    /** board-to-screen: emulated boards, each on its own pseudo-terminal. */
    SCREEN_BOARDS("screenBoards", Kind.POSITIVE_WHOLE),
    /** board-to-screen: seconds the boards play before the players stop. */
    SCREEN_PLAY_SECONDS("screenPlaySeconds", Kind.POSITIVE_WHOLE),
    /** board-to-screen: the players' median think time in seconds (12 is a championship's tempo). */
    SCREEN_THINK_SECONDS("screenThinkSeconds", Kind.POSITIVE_NUMBER),
    /** board-to-screen: the seed of the hands, the noise and the clock's lag. */
    SCREEN_SEED("screenSeed", Kind.WHOLE);

    static final String PREFIX = "damrelay.bench.";

    private enum Kind {
        WHOLE("a whole number, 0 or more"),
        POSITIVE_WHOLE("a whole number, 1 or more"),
        RATE("a number of moves per second above 0"),
        RATES("numbers of moves per second above 0, separated by commas"),
        POSITIVE_NUMBER("a number above 0"),
        FLAG("true or false");

        final String takes;

        Kind(String takes) {
            this.takes = takes;
        }
    }

    /** A knob's value that is not what it takes. */
    static final class BadKnob extends IllegalArgumentException {
        BadKnob(String message) {
            super(message);
        }
    }

    final String property;
    private final Kind kind;

    Knob(String name, Kind kind) {
        this.property = PREFIX + name;
        this.kind = kind;
    }

    /**
     * The first knob given in {@code properties} that is unknown or has a bad value, as the line
     * to print; null when all are fine.
     */
    static String problem(Properties properties) {
        Map<String, Knob> known = Arrays.stream(values()).collect(Collectors.toMap(k -> k.property, k -> k));
        for (String name : properties.stringPropertyNames().stream().sorted().toList()) {
            if (!name.startsWith(PREFIX)) continue;
            Knob k = known.get(name);
            if (k == null) {
                return "unknown -D" + name + "; the bench's knobs are " + Arrays.stream(values()).map(v -> v.property).toList();
            }
            String v = properties.getProperty(name);
            if (v.isBlank()) continue; // as if not given
            try {
                k.check(v);
            } catch (BadKnob e) {
                return e.getMessage();
            }
        }
        return null;
    }

    private void check(String given) {
        switch (kind) {
            case WHOLE, POSITIVE_WHOLE -> whole(given);
            case RATE, POSITIVE_NUMBER -> rate(given);
            case RATES -> rates(given);
            case FLAG -> flag(given);
        }
    }

    private String given() {
        String v = System.getProperty(property);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** A whole-number knob's value, {@code unset} when it is not given. */
    int whole(int unset) {
        String v = given();
        return v == null ? unset : whole(v);
    }

    /** A whole-number knob's value, null when it is not given. */
    Integer wholeOrNull() {
        String v = given();
        return v == null ? null : whole(v);
    }

    /** A rate knob's (or another positive number's) value, {@code unset} when it is not given. */
    double rate(double unset) {
        String v = given();
        return v == null ? unset : rate(v);
    }

    /** A comma-separated rates knob's values in order, {@code unset} when it is not given. */
    double[] rates(double[] unset) {
        String v = given();
        return v == null ? unset : rates(v);
    }

    /** A flag knob: false unless given as true. */
    boolean flag() {
        String v = given();
        return v != null && flag(v);
    }

    private int whole(String v) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= (kind == Kind.POSITIVE_WHOLE ? 1 : 0)) return n;
        } catch (NumberFormatException e) {
            // said below
        }
        throw bad(v);
    }

    private double rate(String v) {
        try {
            double r = Double.parseDouble(v.trim());
            if (r > 0 && Double.isFinite(r)) return r;
        } catch (NumberFormatException e) {
            // said below
        }
        throw bad(v);
    }

    private double[] rates(String v) {
        try {
            double[] rs = Arrays.stream(v.split(",", -1)).mapToDouble(r -> Double.parseDouble(r.trim())).toArray();
            if (Arrays.stream(rs).allMatch(r -> r > 0 && Double.isFinite(r))) return rs;
        } catch (NumberFormatException e) {
            // said below
        }
        throw bad(v);
    }

    private boolean flag(String v) {
        if (v.trim().equalsIgnoreCase("true")) return true;
        if (v.trim().equalsIgnoreCase("false")) return false;
        throw bad(v);
    }

    private BadKnob bad(String v) {
        return new BadKnob("-D" + property + "=" + v + " is not " + kind.takes);
    }
}
