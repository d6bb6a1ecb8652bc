package org.damrelay.driver.reconstruct;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.board.ClockReading;

/**
 * Follows the clock beside one board: turns lever changes into presses, learns which side is
 * white (or takes it from configuration), notices flag falls and increments that do not fit the
 * configured time control (Fischer: the increment after every move; Bronstein: what the move
 * used, up to the increment).
 */
final class ClockWatch {
    /** What one reading meant. */
    record Reading(boolean pressed, boolean rightPressed, boolean leftFlagFell, boolean rightFlagFell, String mismatch) {}

    /** Readings come in whole seconds and a scan late: what a press may add differs by this much. */
    private static final long BELOW_MS = 2000, ABOVE_MS = 1000;

    private final TimeControl control;
    private final double pace;
    private Boolean whiteOnRight;
    private ClockReading last;
    private boolean mismatchReported;
    /** Per side (0 left, 1 right): its time and the capture time when its clock last started. */
    private final long[] runStartTime = new long[2];
    private final long[] runStartAt = {-1, -1};
    /** The lever's recent states, newest first: whose clock ran at a past moment (who made a change then). */
    private final Deque<Run> runs = new ArrayDeque<>();

    /** From capture time {@code t} on, the clock on the right ({@code right}) or left ran, or none ({@code running} false). */
    private record Run(long t, boolean right, boolean running) {}

    ClockWatch(Boolean whiteOnRight, TimeControl control) {
        this(whiteOnRight, control, 1);
    }

    /** @param pace clock time per capture time (above 1 for a board played faster than life) */
    ClockWatch(Boolean whiteOnRight, TimeControl control, double pace) {
        this.whiteOnRight = whiteOnRight;
        this.control = control;
        this.pace = pace;
    }

    /**
     * @param t          the capture time of the reading
     * @param movesMade  per colour, the moves made so far (for the period a press falls in)
     */
    Reading read(long t, ClockReading c, int whiteMoves, int blackMoves) {
        if (!c.clockPresent()) return new Reading(false, false, false, false, null);
        ClockReading prev = last;
        last = c;
        remember(t, c);
        String mismatch = null;
        if (prev == null) {
            mismatch = checkStart(c);
            if (c.running()) started(!c.rightLeverHigh(), t, c);
            return new Reading(false, false, c.leftFlag(), c.rightFlag(), mismatch);
        }
        boolean pressed = prev.rightLeverHigh() != c.rightLeverHigh();
        // The lever goes up on the side of the player who pressed: his clock stops.
        boolean rightPressed = c.rightLeverHigh();
        if (pressed) {
            if (control != null && !mismatchReported) {
                Color presser = colorOf(rightPressed);
                int move = presser == null ? 1 : (presser == Color.WHITE ? whiteMoves : blackMoves);
                mismatch = checkIncrement(rightPressed, t, c, Math.max(1, move));
            }
            started(!rightPressed, t, c);
        } else if (!prev.running() && c.running()) {
            started(!c.rightLeverHigh(), t, c);
        }
        return new Reading(pressed, rightPressed, c.leftFlag() && !prev.leftFlag(), c.rightFlag() && !prev.rightFlag(), mismatch);
    }

    private void remember(long t, ClockReading c) {
        Run now = new Run(t, !c.rightLeverHigh(), c.running() && !c.leftFlag() && !c.rightFlag());
        Run newest = runs.peekFirst();
        if (newest != null && newest.right() == now.right() && newest.running() == now.running()) return;
        runs.addFirst(now);
        if (runs.size() > 8) runs.removeLast();
    }

    /**
     * The colour whose clock was running at capture time {@code t}: the player who was to move then
     * by the lever. Null without a running clock then, or while the clock sides are not known.
     */
    Color runningAt(long t) {
        for (Run r : runs) {
            if (r.t() <= t) return r.running() ? colorOf(r.right()) : null;
        }
        return null;
    }

    private void started(boolean right, long t, ClockReading c) {
        int i = right ? 1 : 0;
        runStartAt[i] = t;
        runStartTime[i] = (right ? c.right() : c.left()).toMillis();
    }

    private String checkStart(ClockReading c) {
        if (control == null) return null;
        long base = control.initial().toMillis();
        if (c.left().toMillis() > base + BELOW_MS || c.right().toMillis() > base + BELOW_MS) {
            mismatchReported = true;
            return "the clock shows " + fmt(c.left()) + " / " + fmt(c.right()) + ", more than the time control's " + fmt(control.initial());
        }
        return null;
    }

    /**
     * What the press gave back: the presser's time now, minus what it was when his clock started,
     * plus the time his clock ran (the capture clock measures it, readings or not in between).
     * The move count may lag the press by one (a press that commits the move is read first), so a
     * press at a quota's end may be the one that completes it: there the clock may also have
     * added the next period's time (SWR 10.1), which is no mismatch.
     */
    private String checkIncrement(boolean right, long t, ClockReading after, int move) {
        int i = right ? 1 : 0;
        if (runStartAt[i] < 0) return null;
        int ends = control.endsPeriod(move) ? move : control.endsPeriod(move + 1) ? move + 1 : 0;
        Duration inc = control.periodOf(move).increment();
        if (inc.isZero() && ends == 0) return null;
        long used = (long) ((t - runStartAt[i]) * pace);
        long back = (right ? after.right() : after.left()).toMillis() - runStartTime[i] + used;
        boolean bronstein = control.incrementKind() == TimeControl.IncrementKind.BRONSTEIN;
        long expected = bronstein ? Math.min(used, inc.toMillis()) : inc.toMillis();
        if (fits(back, expected)) return null;
        if (ends > 0) {
            // the quota completed: this press may give the ending move's increment or the next one's, and the next period's time
            long next = control.periodOf(ends + 1).base().toMillis();
            for (int m : new int[] {move, move + 1}) {
                long e = bronstein ? Math.min(used, control.periodOf(m).increment().toMillis()) : control.periodOf(m).increment().toMillis();
                if (fits(back, e) || fits(back, e + next)) return null;
            }
        }
        mismatchReported = true;
        return "a press gave back " + back / 1000 + " s after a move of " + used / 1000 + " s, where the "
                + (bronstein ? "Bronstein" : "Fischer") + " increment of " + inc.toSeconds() + " s gives "
                + expected / 1000 + " s (time control " + control + ")";
    }

    private static boolean fits(long back, long expected) {
        return back >= expected - BELOW_MS && back <= expected + ABOVE_MS;
    }

    /** What a flag fall means (SWR 10.6, 12.1): whether it loses, and the sentence for the arbiter. */
    record FlagVerdict(boolean lost, String text) {}

    /**
     * What a flag fall means under the time control. Without a move quota the flag loses (10.6).
     * With one (10.1, 12.1) the moves completed count, the last only once its press stopped the
     * clock (10.5): a flag before the period's quota was made loses, and says how many of the quota
     * were made; a flag after the quota was made, with the clock showing the next period's time
     * added (a clock that adds it when the period's time runs out), is no loss: the game continues.
     * Null when no time control is configured.
     *
     * @param movesCompleted the flagged player's moves completed by a press
     * @param timeLeft       what the clock shows for the flagged player with the flag
     */
    FlagVerdict flagVerdict(int movesCompleted, Duration timeLeft) {
        if (control == null) return null;
        if (control.periods().get(0).moves() == 0) {
            return new FlagVerdict(true, "lost on time (SWR 10.6, 12.1)");
        }
        int periodStart = 0;
        for (int m = 1; m <= movesCompleted; m++) if (control.endsPeriod(m)) periodStart = m;
        TimeControl.Period period = control.periodOf(movesCompleted + 1);
        if (period.moves() == 0) {
            // the rest of the game: no quota to make, the time has run out
            if (periodStart == movesCompleted && timeLeft.toMillis() > BELOW_MS) {
                return new FlagVerdict(false, "with " + movesCompleted + " moves made, the quota of the time control "
                        + control.tag() + " completed; the clock added the time for the rest of the game: the game continues (SWR 12.1)");
            }
            return new FlagVerdict(true, "after " + movesCompleted + " moves, in the time for the rest of the game ("
                    + control.tag() + "): lost on time (SWR 10.6, 12.1)");
        }
        int made = movesCompleted - periodStart;
        if (made == 0 && periodStart > 0 && timeLeft.toMillis() > BELOW_MS) {
            return new FlagVerdict(false, "with " + movesCompleted + " moves made, the quota of " + periodStart + " of the time control "
                    + control.tag() + " was completed; the clock added the next period's time: the game continues (SWR 12.1)");
        }
        return new FlagVerdict(true, "after " + movesCompleted + " moves, before the " + (periodStart + period.moves())
                + " the time control " + control.tag() + " asks by then (" + made + " of the period's " + period.moves()
                + "): lost on time (SWR 10.1, 12.1)");
    }

    /** What the clock last showed for one side (zero before any reading). */
    Duration shown(boolean right) {
        return last == null ? Duration.ZERO : right ? last.right() : last.left();
    }

    /** Learns the clock side from a press known to follow a move of this colour. */
    void learn(boolean rightPressed, Color mover) {
        if (whiteOnRight == null) whiteOnRight = (mover == Color.WHITE) == rightPressed;
    }

    /** A clock is connected and running: a move without a press means something. */
    boolean inUse() {
        return last != null && last.clockPresent() && last.running();
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
