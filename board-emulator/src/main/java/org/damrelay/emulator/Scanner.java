package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.damrelay.driver.board.Sensed;

/**
 * The board's sensor: it samples field 0, 1, ..., 99 one after another, one full scan per
 * period, and reports a field when what it reads differs from what it last reported. Field f
 * of scan k is sampled at {@code phase + k*period + f*period/100}. The familiar board dynamics
 * follow from this alone: a piece moved within one scan may be reported on its new field
 * before its old one is emptied, a dragged piece shows on the fields it passes, and anything
 * that lasts less than a scan may go unseen.
 *
 * <p>Fields are independent, so each is evaluated only at the samples that can differ from the
 * last report (just after a change, and within a glitch); idle minutes cost nothing.
 */
public final class Scanner {
    private final double period;
    private final double phase;
    private final long seed;

    /** A report with its exact sample time (the event carries whole milliseconds). */
    public record Sample(double at, BoardEvent.FieldChanged event) {}

    public Scanner(double periodMs, double phaseMs, long seed) {
        if (periodMs <= 0) throw new IllegalArgumentException("scan period must be positive");
        this.period = periodMs;
        this.phase = phaseMs;
        this.seed = seed;
    }

    public double period() { return period; }

    public double sampleTime(long scan, int field) {
        return phase + scan * period + field * period / Fields.COUNT;
    }

    /** The first scan whose sample of this field is at or after t. */
    long firstScanFrom(double t, int field) {
        double k = Math.ceil((t - phase - field * period / Fields.COUNT) / period);
        return Math.max(0, (long) k);
    }

    /** All reports of the board up to time end. Reports after an outage start from the dump taken when it ends. */
    public List<Sample> scan(PhysicalBoard board, double end) {
        List<List<PhysicalBoard.Change>> byField = new ArrayList<>();
        for (int f = 0; f < Fields.COUNT; f++) byField.add(new ArrayList<>());
        for (PhysicalBoard.Change c : board.changes()) byField.get(c.field()).add(c);
        List<List<PhysicalBoard.Glitch>> glitchesByField = new ArrayList<>();
        for (int f = 0; f < Fields.COUNT; f++) glitchesByField.add(new ArrayList<>());
        for (PhysicalBoard.Glitch g : board.glitches()) glitchesByField.get(g.field()).add(g);
        Sensed[] initial = board.initialFields();
        List<PhysicalBoard.Outage> outages = board.outages();

        List<Sample> out = new ArrayList<>();
        for (int f = 0; f < Fields.COUNT; f++) {
            scanField(f, initial[f], byField.get(f), glitchesByField.get(f), outages, end, out);
        }
        out.sort(Comparator.comparingDouble(Sample::at).thenComparingInt(s -> s.event().field()));
        return out;
    }

    private void scanField(int f, Sensed initial, List<PhysicalBoard.Change> changes, List<PhysicalBoard.Glitch> glitches,
                           List<PhysicalBoard.Outage> outages, double end, List<Sample> out) {
        TreeSet<Long> candidates = new TreeSet<>();
        for (PhysicalBoard.Change c : changes) candidates.add(firstScanFrom(c.t(), f));
        for (PhysicalBoard.Glitch g : glitches) {
            long k = firstScanFrom(g.from(), f);
            for (; sampleTime(k, f) < g.until(); k++) candidates.add(k);
            candidates.add(k);
        }
        Sensed reported = initial;
        int outageIdx = 0;
        for (long k : candidates) {
            double s = sampleTime(k, f);
            if (s > end) break;
            while (outageIdx < outages.size() && outages.get(outageIdx).until() <= s) {
                reported = valueAt(initial, changes, outages.get(outageIdx).until()); // the dump
                outageIdx++;
            }
            if (outageIdx < outages.size() && outages.get(outageIdx).from() <= s) continue; // unpowered
            Sensed read = read(f, k, valueAt(initial, changes, s), glitches, s);
            if (read != reported) {
                out.add(new Sample(s, new BoardEvent.FieldChanged((long) Math.floor(s), f, read)));
                reported = read;
            }
        }
    }

    private Sensed read(int f, long k, Sensed physical, List<PhysicalBoard.Glitch> glitches, double s) {
        Sensed read = physical;
        for (PhysicalBoard.Glitch g : glitches) {
            if (s < g.from() || s >= g.until()) continue;
            switch (g.kind()) {
                case UNKNOWN_CODE -> read = Sensed.UNKNOWN;
                case FLICKER -> {
                    // Keyed by (field, scan) so that the draw does not depend on evaluation order.
                    double draw = new SplittableRandom(seed ^ (k * 0x9E3779B97F4A7C15L) ^ (f * 0xC2B2AE3D27D4EB4FL)).nextDouble();
                    if (read.isOccupied() && draw < g.probability()) read = Sensed.EMPTY;
                }
            }
        }
        return read;
    }

    static Sensed valueAt(Sensed initial, List<PhysicalBoard.Change> changes, double t) {
        int lo = 0, hi = changes.size() - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (changes.get(mid).t() <= t) { found = mid; lo = mid + 1; } else hi = mid - 1;
        }
        return found < 0 ? initial : changes.get(found).content();
    }
}
