package org.damrelay.bench.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * The latencies of the plies played, quiet moves and captures apart: from the clock press (plies
 * pressed after their last piece change), from the last piece change (every ply), and from the
 * last piece change of the plies with no press after it (none, or one before the move was
 * complete); all on System.nanoTime(). A ply shown before
 * its press counts 0 ms from the press (and is counted as such): it was on screen first.
 */
public final class Tally {

    /** One row of the table. */
    public record Row(String moves, String from, Spread spread) {}

    private final Side quiet = new Side(), captures = new Side();
    private int missing, shownBeforePress;

    private static final class Side {
        final List<Long> fromPress = new ArrayList<>(), fromChange = new ArrayList<>(), unpressed = new ArrayList<>();
        int plies;
    }

    /**
     * One ply: when its last piece change and its press happened and when the screen first showed
     * it (0: not shown by the end).
     *
     * @param pressNanos ignored unless the ply was pressed
     */
    public void add(PlyMoments ply, long lastChangeNanos, long pressNanos, long shownNanos) {
        Side side = ply.capture() ? captures : quiet;
        side.plies++;
        if (shownNanos == 0) {
            missing++;
            return;
        }
        long fromChange = millis(shownNanos - lastChangeNanos);
        side.fromChange.add(Math.max(0, fromChange));
        if (ply.pressed()) {
            long fromPress = millis(shownNanos - pressNanos);
            if (fromPress < 0) shownBeforePress++;
            side.fromPress.add(Math.max(0, fromPress));
        } else {
            side.unpressed.add(Math.max(0, fromChange));
        }
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows(rows, "quiet", quiet);
        rows(rows, "capture", captures);
        return rows;
    }

    private static void rows(List<Row> rows, String moves, Side s) {
        rows.add(new Row(moves, "the press", Spread.of(s.fromPress)));
        rows.add(new Row(moves, "the last piece change", Spread.of(s.fromChange)));
        rows.add(new Row(moves, "the last piece change, no press after it", Spread.of(s.unpressed)));
    }

    public int plies() { return quiet.plies + captures.plies; }
    public int captures() { return captures.plies; }
    public int missing() { return missing; }
    public int shownBeforePress() { return shownBeforePress; }
}
