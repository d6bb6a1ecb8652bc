package org.damrelay.emulator.speaker;

/**
 * How emulated time runs against the wall clock: real time (1), accelerated (e.g. 20), or as fast
 * as possible (the next event is due at once).
 */
public record Pace(double speed) {
    public Pace {
        if (!(speed > 0)) throw new IllegalArgumentException("speed must be positive, not " + speed);
    }

    public static Pace realTime() { return new Pace(1); }
    public static Pace fast() { return new Pace(Double.POSITIVE_INFINITY); }

    public boolean asFastAsPossible() { return Double.isInfinite(speed); }
}
