package org.damrelay.emulator;

import java.time.Duration;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.board.ClockReading;

/**
 * A Fischer clock (e.g. 1:20 + 1 min/move) with a lever, as the board reads it. The lever is a
 * rocker (dgt-board.md, "Clock"): a press by a side whose clock runs pushes that side down, stops
 * its clock, adds the increment and raises the other side, whose clock starts; a press on a side
 * already down changes nothing but the board still reports a reading. Times are reported in whole
 * seconds, as BWTIME carries them.
 */
public final class FischerClock {
    /** A move quota (SWR 10.1): every {@code moves}-th move of a player adds {@code next} to his time, at its press. */
    public record Quota(int moves, Duration next) {}

    private final long incrementMs;
    private final Quota quota;
    private final int[] pressesBy = new int[2];
    private final boolean whiteOnRight;
    private final boolean bronstein;
    private long leftMs;
    private long rightMs;
    private Boolean rightRunning; // null: stopped
    private double since;

    public FischerClock(Duration base, Duration increment, boolean whiteOnRight) {
        this(base, increment, whiteOnRight, false);
    }

    /** With bronstein, a press adds back the time used on the move, at most the increment. */
    public FischerClock(Duration base, Duration increment, boolean whiteOnRight, boolean bronstein) {
        this(base, increment, whiteOnRight, bronstein, null);
    }

    /** With a quota, the press that completes a player's quota also adds the next period's time. */
    public FischerClock(Duration base, Duration increment, boolean whiteOnRight, boolean bronstein, Quota quota) {
        this.quota = quota;
        this.incrementMs = increment.toMillis();
        this.whiteOnRight = whiteOnRight;
        this.bronstein = bronstein;
        this.leftMs = base.toMillis();
        this.rightMs = base.toMillis();
    }

    /** The side the given colour's clock is on: true for the right. */
    public boolean isRight(Color color) {
        return (color == Color.WHITE) == whiteOnRight;
    }

    /** Starts the given colour's time (the arbiter starts the clock for white). */
    public ClockReading start(double t, Color toMove) {
        rightRunning = isRight(toMove);
        since = t;
        return readingAt(t);
    }

    public ClockReading press(double t, Color presser) {
        boolean right = isRight(presser);
        if (rightRunning != null && rightRunning == right) {
            long used = (long) (t - since);
            settle(t);
            long back = bronstein ? Math.min(used, incrementMs) : incrementMs;
            int i = right ? 1 : 0;
            if (quota != null && ++pressesBy[i] % quota.moves() == 0) back += quota.next().toMillis();
            if (right) rightMs += back; else leftMs += back;
            rightRunning = !right;
        }
        return readingAt(t);
    }

    /** When the running side's time runs out if nobody presses, or +infinity when stopped. */
    public double flagFallsAt() {
        if (rightRunning == null) return Double.POSITIVE_INFINITY;
        return since + (rightRunning ? rightMs : leftMs);
    }

    public boolean running() {
        return rightRunning != null;
    }

    public ClockReading readingAt(double t) {
        long l = leftMs, r = rightMs;
        if (rightRunning != null) {
            long elapsed = (long) (t - since);
            if (rightRunning) r -= elapsed; else l -= elapsed;
        }
        l = Math.max(0, l);
        r = Math.max(0, r);
        // the lever is a rocker: high on the side whose clock runs (the presser pushed his side down);
        // set before the start, it stands high on white's side, whose clock the start sets going
        boolean leverHighRight = rightRunning != null ? rightRunning : whiteOnRight;
        return new ClockReading(Duration.ofSeconds(l / 1000), Duration.ofSeconds(r / 1000), l == 0, r == 0,
                rightRunning != null, leverHighRight, true);
    }

    private void settle(double t) {
        long elapsed = (long) (t - since);
        if (rightRunning) rightMs = Math.max(0, rightMs - elapsed); else leftMs = Math.max(0, leftMs - elapsed);
        since = t;
    }
}
