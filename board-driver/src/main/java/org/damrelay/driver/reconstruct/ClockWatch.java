package org.damrelay.driver.reconstruct;

import java.time.Duration;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.board.ClockReading;

/**
 * Follows the clock beside one board: turns lever changes into presses, learns which side is
 * white (or takes it from configuration), notices flag falls and increments that do not fit the
 * configured time control.
 */
final class ClockWatch {
    /** What one reading meant. */
    record Reading(boolean pressed, boolean rightPressed, boolean leftFlagFell, boolean rightFlagFell, String mismatch) {}

    private final Duration base;
    private final Duration increment;
    private Boolean whiteOnRight;
    private ClockReading last;
    private boolean mismatchReported;

    ClockWatch(Boolean whiteOnRight, Duration base, Duration increment) {
        this.whiteOnRight = whiteOnRight;
        this.base = base;
        this.increment = increment;
    }

    Reading read(ClockReading c) {
        if (!c.clockPresent()) return new Reading(false, false, false, false, null);
        ClockReading prev = last;
        last = c;
        String mismatch = null;
        if (prev == null) {
            mismatch = checkStart(c);
            return new Reading(false, false, c.leftFlag(), c.rightFlag(), mismatch);
        }
        boolean pressed = prev.rightLeverHigh() != c.rightLeverHigh();
        // The lever goes up on the side of the player who pressed: his clock stops.
        boolean rightPressed = c.rightLeverHigh();
        if (pressed && increment != null && !mismatchReported) mismatch = checkIncrement(rightPressed, prev, c);
        return new Reading(pressed, rightPressed, c.leftFlag() && !prev.leftFlag(), c.rightFlag() && !prev.rightFlag(), mismatch);
    }

    private String checkStart(ClockReading c) {
        if (base == null) return null;
        long slack = 2000;
        if (c.left().toMillis() > base.toMillis() + slack || c.right().toMillis() > base.toMillis() + slack) {
            mismatchReported = true;
            return "the clock shows " + fmt(c.left()) + " / " + fmt(c.right()) + ", more than the time control's " + fmt(base);
        }
        return null;
    }

    /** Fischer: the press reading shows the presser's time grown by the increment, give or take the one-second grain. */
    private String checkIncrement(boolean right, ClockReading before, ClockReading after) {
        if (before == null || increment.isZero()) return null;
        long gain = (right ? after.right() : after.left()).toMillis() - (right ? before.right() : before.left()).toMillis();
        long inc = increment.toMillis();
        if (gain < inc - 2000 || gain > inc + 1000) {
            mismatchReported = true;
            return "a press added " + gain / 1000 + " s where the Fischer increment is " + inc / 1000 + " s";
        }
        return null;
    }

    /** Learns the clock side from a press known to follow a move of this colour. */
    void learn(boolean rightPressed, Color mover) {
        if (whiteOnRight == null) whiteOnRight = (mover == Color.WHITE) == rightPressed;
    }

    boolean knowsSides() {
        return whiteOnRight != null;
    }

    /** The colour of the player on the right, or null when not yet known. */
    Color colorOf(boolean right) {
        if (whiteOnRight == null) return null;
        return whiteOnRight == right ? Color.WHITE : Color.BLACK;
    }

    ClockTimes times() {
        if (last == null || whiteOnRight == null) return null;
        // the lever is high on the side whose clock stands: the other side's runs
        Color running = last.running() && !last.leftFlag() && !last.rightFlag() ? colorOf(!last.rightLeverHigh()) : null;
        return whiteOnRight ? new ClockTimes(last.right(), last.left(), running) : new ClockTimes(last.left(), last.right(), running);
    }

    private static String fmt(Duration d) {
        long s = d.toSeconds();
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
