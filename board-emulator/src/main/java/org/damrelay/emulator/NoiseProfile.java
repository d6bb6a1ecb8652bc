package org.damrelay.emulator;

import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/** A level in [0, 1] for each noise source. Immutable; presets {@code none}, {@code default}, {@code heavy}. */
public final class NoiseProfile {
    private final EnumMap<NoiseSource, Double> levels;

    private NoiseProfile(EnumMap<NoiseSource, Double> levels) {
        this.levels = levels;
    }

    public static NoiseProfile none() {
        EnumMap<NoiseSource, Double> m = new EnumMap<>(NoiseSource.class);
        for (NoiseSource s : NoiseSource.values()) m.put(s, 0.0);
        return new NoiseProfile(m);
    }

    public static NoiseProfile defaults() {
        EnumMap<NoiseSource, Double> m = new EnumMap<>(NoiseSource.class);
        for (NoiseSource s : NoiseSource.values()) m.put(s, s.defaultLevel());
        return new NoiseProfile(m);
    }

    public static NoiseProfile heavy() {
        EnumMap<NoiseSource, Double> m = new EnumMap<>(NoiseSource.class);
        for (NoiseSource s : NoiseSource.values()) m.put(s, s.heavyLevel());
        return new NoiseProfile(m);
    }

    public static NoiseProfile preset(String name) {
        return switch (name) {
            case "none" -> none();
            case "default" -> defaults();
            case "heavy" -> heavy();
            default -> throw new IllegalArgumentException("unknown noise preset \"" + name + "\" (none, default, heavy)");
        };
    }

    public NoiseProfile with(NoiseSource source, double level) {
        if (!(level >= 0 && level <= 1)) {
            throw new IllegalArgumentException("noise level for " + source.key() + " must be in [0, 1], not " + level);
        }
        EnumMap<NoiseSource, Double> m = new EnumMap<>(levels);
        m.put(source, level);
        return new NoiseProfile(m);
    }

    /** Only this source, at this level: for tests that look at one effect. */
    public static NoiseProfile only(NoiseSource source, double level) {
        return none().with(source, level);
    }

    public double level(NoiseSource source) {
        return levels.get(source);
    }

    /** Draws whether the source strikes at this opportunity. Draws even at level 0 so that seeds stay comparable. */
    public boolean strikes(NoiseSource source, RandomGenerator rnd) {
        return rnd.nextDouble() < levels.get(source);
    }

    public Map<NoiseSource, Double> levels() {
        return Map.copyOf(levels);
    }

    @Override
    public String toString() {
        return levels.toString();
    }
}
