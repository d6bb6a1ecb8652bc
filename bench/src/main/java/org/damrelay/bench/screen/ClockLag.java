package org.damrelay.bench.screen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Timeline;

/**
 * A clock whose reports reach the board late: the reading that shows a press (the lever the other
 * way round) comes {@code minMs}-{@code maxMs} after the physical press, uniformly drawn per press,
 * instead of the emulator's few milliseconds; the clock's per-second readings that fall between a
 * press and its late report are not sent (they would show the lever early). A real board's clock
 * cable and the clock's own reporting cycle give such delays, and the driver must judge presses
 * by when it hears them.
 */
public record ClockLag(double minMs, double maxMs) {

    public ClockLag {
        if (!(minMs >= 0 && maxMs >= minMs)) throw new IllegalArgumentException("clock lag " + minMs + "-" + maxMs + " ms");
    }

    /**
     * The timeline with its press readings late. {@code pressesMs}: the physical presses in time
     * order (PhysicalBoard.presses()), so each lever reading is set from the press that made it.
     */
    public Timeline apply(Timeline timeline, List<Double> pressesMs, SplittableRandom rnd) {
        List<BoardEvent> out = new ArrayList<>();
        List<Long> moved = new ArrayList<>();
        Boolean lever = null;
        long heldUntil = Long.MIN_VALUE;
        for (BoardEvent e : timeline.events()) {
            if (!(e instanceof BoardEvent.ClockRead r)) {
                out.add(e);
                continue;
            }
            boolean high = r.clock().rightLeverHigh();
            boolean press = lever != null && high != lever;
            lever = high;
            if (press) {
                double pressed = lastAtOrBefore(pressesMs, r.t());
                double lag = minMs + rnd.nextDouble() * (maxMs - minMs);
                long at = Math.max(heldUntil, Math.max(r.t(), (long) Math.floor(pressed + lag)));
                out.add(new BoardEvent.ClockRead(at, r.clock()));
                moved.add(at);
                heldUntil = at;
            } else if (r.t() > heldUntil) {
                out.add(e);
            }
        }
        out.sort(Comparator.comparingLong(BoardEvent::t)); // stable: same-time events keep their order
        return new Timeline(out, restsAfter(timeline.rests(), moved));
    }

    /**
     * A rest begins once every report of its ply is out: a late press reading inside one moves
     * its start after it (players paused at a rest would otherwise hold back their own press).
     */
    static List<Timeline.Rest> restsAfter(List<Timeline.Rest> rests, List<Long> readings) {
        List<Timeline.Rest> out = new ArrayList<>();
        for (Timeline.Rest r : rests) {
            long from = r.from();
            for (long t : readings) if (t >= from && t < r.until()) from = t + 1;
            if (from < r.until()) out.add(new Timeline.Rest(from, r.until(), r.plies()));
        }
        return out;
    }

    /** The latest press at or before t; t itself when none is (a reading with no press behind it). */
    private static double lastAtOrBefore(List<Double> pressesMs, long t) {
        double found = t;
        for (double p : pressesMs) {
            if (p <= t) found = p;
            else break;
        }
        return found;
    }
}
