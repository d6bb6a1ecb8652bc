package org.damrelay.driver.reconstruct;

import java.time.Duration;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.arbiter.ClockCheck;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.board.ClockReading;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the clock beside one board: turns lever changes into presses (the lever is a rocker: the
 * presser's side goes down, the other side's clock starts), learns which side is white (or takes it
 * from configuration) and keeps checking it against later presses, notices flag falls and
 * increments that do not fit the configured time control (Fischer: the increment after every move;
 * Bronstein: what the move used, up to the increment).
 *
 * <p>The first reading is a fact about the game so far ({@link First}): at the game's start it is
 * compared with the time control's base time, after a restart with the times the game already had,
 * after a join with nothing.
 */
final class ClockWatch {
    private static final Logger log = LoggerFactory.getLogger(ClockWatch.class);

    /** What one reading meant. */
    record Reading(boolean pressed, boolean rightPressed, boolean leftFlagFell, boolean rightFlagFell, String mismatch, ClockCheck check) {
        Reading(boolean pressed, boolean rightPressed, boolean leftFlagFell, boolean rightFlagFell, String mismatch) {
            this(pressed, rightPressed, leftFlagFell, rightFlagFell, mismatch, null);
        }
    }

    /** Readings come in whole seconds and a scan late: what a first reading may show differs by this much. */
    private static final long BELOW_MS = 2000;
    /** A displayed time is cut to the second: the time itself is up to this much more. */
    private static final long RESOLUTION_MS = 1000;
    /** How much later one reading may reach the line than another (a real clock's: 0.1-1 s, unevenly). */
    private static final long LATENCY_MS = 1000;
    /** A press whose figures miss the time control by this much is a wrong setting at once; less, only twice in a row. */
    private static final long GROSS_MS = 3000;
    /** Plies a restarted driver may find made meanwhile (the relay's join search goes as far). */
    private static final int MISSED_PLIES = 3;

    /** What the first reading is compared with, once it is known where the game stands. */
    private enum First {
        /** Not yet known whether the board shows the game's start or a game under way. */
        UNDECIDED,
        /** The game's start: no side may show more than the base time (and a first increment). */
        AT_START,
        /** A resumed game: no side may show more than the times the game had, plus the increments of a few missed moves. */
        AGAINST_KNOWN,
        /** Checked, or nothing to check it against (a join; a resumed game without recorded times). */
        DONE
    }

    private final TimeControl control;
    private final double pace;
    private final boolean sideConfigured;
    private Boolean whiteOnRight;
    /** The side was learned from a press after a known mover (not guessed from a reading). */
    private boolean sideFromPress;
    /** The capture time of the last press that contradicted the learned side, and how many did in a row. */
    private long contradictedAt = Long.MIN_VALUE;
    private int contradictions;
    private long lastPressAt = Long.MIN_VALUE;
    private First first = First.UNDECIDED;
    /** Neither resumed nor joined: before move 1 the clock runs for the side that moves first. */
    private boolean atGameStart = true;
    private ClockReading firstReading;
    private ClockTimes known;
    private boolean turnBitsLogged;
    private ClockReading last;
    /** Since when the clock is known to run for the moves made (-1 while stopped, unread, or not yet known). */
    private long runningSince = -1;
    private boolean mismatchReported;
    /** Per side (0 left, 1 right): its time and the capture time when its clock last started. */
    private final long[] runStartTime = new long[2];
    private final long[] runStartAt = {-1, -1};
    /** Per side, while its clock runs: the time of its latest reading and when that reading came (-1: none since the start). */
    private final long[] runShown = new long[2];
    private final long[] runShownAt = {-1, -1};
    /** The last press checked did not fit the time control (by less than {@link #GROSS_MS}). */
    private boolean lastPressContradicted;

    ClockWatch(Boolean whiteOnRight, TimeControl control) {
        this(whiteOnRight, control, 1);
    }

    /** @param pace clock time per capture time (above 1 for a board played faster than life) */
    ClockWatch(Boolean whiteOnRight, TimeControl control, double pace) {
        this.whiteOnRight = whiteOnRight;
        this.sideConfigured = whiteOnRight != null;
        this.control = control;
        this.pace = pace;
    }

    /**
     * The game is resumed where it stands (a restarted driver): the first reading is compared with
     * the times the game last had ({@code times}, from the relay or the driver's own record), never
     * with the base time; with none, it is not checked.
     */
    void resumed(ClockTimes times) {
        known = times != null && times.white() != null && times.black() != null ? times : null;
        first = known != null ? First.AGAINST_KNOWN : First.DONE;
        atGameStart = false;
    }

    /** The board showed a game under way that nobody recorded: its first reading has nothing to be compared with. */
    void joined() {
        first = First.DONE;
        atGameStart = false;
        firstReading = null;
        if (!sideConfigured && !sideFromPress) whiteOnRight = null; // guessed for a start that was none
    }

    /**
     * The board shows the game's start: a first reading that came before is compared with the base
     * time now (the mismatch, or null), a later one when it comes.
     */
    String atStart() {
        if (first != First.UNDECIDED) return null;
        first = First.AT_START;
        if (firstReading == null) return null;
        first = First.DONE;
        return checkStart(firstReading);
    }

    /**
     * @param t          the capture time of the reading
     * @param whiteMoves per colour, the moves made so far (for the period a press falls in)
     * @param toMove     the side to move where the board shows the game's position (before move 1: the
     *                   side the clock was started for), null while a move may be under way
     */
    Reading read(long t, ClockReading c, int whiteMoves, int blackMoves, Color toMove) {
        if (!c.clockPresent()) return new Reading(false, false, false, false, null);
        crossCheckTurnBits(c);
        ClockReading prev = last;
        last = c;
        boolean pressed = prev != null && prev.rightRunning() != c.rightRunning();
        // A run counts from a reading with the board standing in the game's position, or from a press:
        // a first reading that arrives with a move under way may be that move's own press.
        if (!c.running()) runningSince = -1;
        else if (runningSince < 0 && (toMove != null || pressed)) runningSince = t;
        // the very first reading may be the press of move 1 arriving before the board's report of it
        if (prev != null && whiteMoves + blackMoves == 0 && atGameStart) placeFirstMover(c, toMove);
        if (prev == null) {
            String mismatch = firstReading(c);
            if (c.running()) started(c.rightRunning(), t, c);
            return new Reading(false, false, c.leftFlag(), c.rightFlag(), mismatch);
        }
        String mismatch = null;
        // The rocker: the presser pushed his own side down, so the clock now runs on the other side.
        boolean rightPressed = !c.rightRunning();
        if (pressed) {
            lastPressAt = t;
            // a bus board's press is read at the next poll: the time the move used is not known well enough
            if (control != null && !mismatchReported && !c.polled()) {
                Color presser = colorOf(rightPressed);
                int move = presser == null ? 1 : (presser == Color.WHITE ? whiteMoves : blackMoves);
                mismatch = checkIncrement(rightPressed, t, c, Math.max(1, move));
            }
            started(!rightPressed, t, c);
        } else if (!prev.running() && c.running()) {
            started(c.rightRunning(), t, c);
        } else if (c.running() && runStartAt[c.rightRunning() ? 1 : 0] >= 0) {
            int i = c.rightRunning() ? 1 : 0;
            runShown[i] = (c.rightRunning() ? c.right() : c.left()).toMillis();
            runShownAt[i] = t;
        }
        return new Reading(pressed, rightPressed, c.leftFlag() && !prev.leftFlag(), c.rightFlag() && !prev.rightFlag(), mismatch,
                mismatch == null ? null : lastCheck);
    }

    /**
     * Before move 1 of a game at its start, a running clock runs for the side that moves first
     * (dgt-board.md: such a reading tells who moves first, not who pressed): that places the
     * colours until a press after a move says otherwise.
     */
    private void placeFirstMover(ClockReading c, Color firstMover) {
        if (sideConfigured || sideFromPress || !c.running() || firstMover == null) return;
        whiteOnRight = c.rightRunning() == (firstMover == Color.WHITE);
    }

    /** The first reading is checked as the game stands: at its start, after a restart, or not at all. */
    private String firstReading(ClockReading c) {
        return switch (first) {
            case UNDECIDED -> {
                firstReading = c;
                yield null;
            }
            case AT_START -> {
                first = First.DONE;
                yield checkStart(c);
            }
            case AGAINST_KNOWN -> {
                first = First.DONE;
                yield checkKnown(c);
            }
            case DONE -> null;
        };
    }

    /** Turn bits that say the other side than the lever: the other header revision's order; the lever counts. */
    private void crossCheckTurnBits(ClockReading c) {
        if (c.turnBitsDisagree() && !turnBitsLogged) {
            turnBitsLogged = true;
            log.info("the clock's turn bits name the other side than its lever (the other revision of the header): the lever is read");
        }
    }

    private void started(boolean right, long t, ClockReading c) {
        int i = right ? 1 : 0;
        runStartAt[i] = t;
        runStartTime[i] = (right ? c.right() : c.left()).toMillis();
        runShownAt[i] = -1;
    }

    /** At the start no side may show more than the base time, and the first move's increment once pressed. */
    private String checkStart(ClockReading c) {
        if (control == null) return null;
        long most = control.initial().plus(control.periodOf(1).increment()).toMillis() + BELOW_MS;
        if (c.left().toMillis() > most || c.right().toMillis() > most) {
            mismatchReported = true;
            return "the clock shows " + fmt(c.left()) + " / " + fmt(c.right()) + ", more than the time control's " + fmt(control.initial());
        }
        return null;
    }

    /**
     * After a restart the clock may show less than the game's last times (time went by), and more
     * only by the increments (and a quota's next period) of the few moves a restart may have missed.
     * Where the clock side is not known yet, the one assignment of sides that fits places the
     * colours; a mismatch is only a reading that no assignment fits.
     */
    private String checkKnown(ClockReading c) {
        long slack = BELOW_MS;
        if (control != null) {
            for (TimeControl.Period p : control.periods()) {
                slack = Math.max(slack, BELOW_MS + MISSED_PLIES * p.increment().toMillis() + (p.moves() > 0 ? maxNext() : 0));
            }
        }
        boolean whiteRightFits = fitsKnown(c.right(), known.white(), slack) && fitsKnown(c.left(), known.black(), slack);
        boolean whiteLeftFits = fitsKnown(c.left(), known.white(), slack) && fitsKnown(c.right(), known.black(), slack);
        if (whiteOnRight == null) whiteOnRight = sideByStoppedTime(c);
        if (whiteOnRight == null && whiteRightFits != whiteLeftFits) whiteOnRight = whiteRightFits;
        boolean fits = whiteOnRight == null ? whiteRightFits || whiteLeftFits : whiteOnRight ? whiteRightFits : whiteLeftFits;
        if (fits || control == null) return null;
        mismatchReported = true;
        return "the clock shows " + fmt(c.left()) + " / " + fmt(c.right()) + " (left / right), more than the game had when it was last"
                + " recorded (white " + fmt(known.white()) + ", black " + fmt(known.black()) + ") and its increments can explain";
    }

    /**
     * A stopped clock keeps the time it had: the side not running that shows exactly one colour's
     * recorded time (to the reading's whole second) is that colour's, when no move was made since.
     * Null when that does not tell.
     */
    private Boolean sideByStoppedTime(ClockReading c) {
        if (!c.running()) return null;
        boolean stoppedRight = !c.rightRunning();
        long stopped = (stoppedRight ? c.right() : c.left()).toMillis();
        boolean white = Math.abs(stopped - known.white().toMillis()) < 1000, black = Math.abs(stopped - known.black().toMillis()) < 1000;
        if (white == black) return null;
        return white == stoppedRight;
    }

    private long maxNext() {
        long most = 0;
        for (TimeControl.Period p : control.periods()) most = Math.max(most, p.base().toMillis());
        return most;
    }

    private static boolean fitsKnown(Duration shown, Duration had, long slack) {
        return shown.toMillis() <= had.toMillis() + slack;
    }

    /** The figures of the last mismatch reported. */
    private ClockCheck lastCheck;

    /**
     * What the press gave back, read from the clock's own figures: the presser's time now, minus
     * what it showed when his clock started, plus the time his clock ran. That time is bounded by
     * the clock itself where it reported while running (what it counted down, to the second, and
     * at most the time since that reading), else by when the readings arrived, each of which may
     * be late by up to {@link #LATENCY_MS}. Every bound is kept as a range, so only figures no
     * reading of the clock fits are a mismatch: by {@link #GROSS_MS} or more at once, by less only
     * when the next press misses too. The move count may lag the press by one (a press that
     * commits the move is read first), so a press at a quota's end may be the one that completes
     * it: there the clock may also have added the next period's time (SWR 10.1), which is no mismatch.
     */
    private String checkIncrement(boolean right, long t, ClockReading after, int move) {
        int i = right ? 1 : 0;
        if (runStartAt[i] < 0) return null;
        int ends = control.endsPeriod(move) ? move : control.endsPeriod(move + 1) ? move + 1 : 0;
        Duration inc = control.periodOf(move).increment();
        if (inc.isZero() && ends == 0) return null;
        long usedLo = Math.max(0, (long) ((t - runStartAt[i] - LATENCY_MS) * pace));
        long usedHi = (long) ((t - runStartAt[i] + LATENCY_MS) * pace);
        if (runShownAt[i] >= 0) {
            // what the clock counted down by its last reading, and at most the time since that reading
            long counted = runStartTime[i] - runShown[i];
            long clockLo = counted - RESOLUTION_MS, clockHi = counted + RESOLUTION_MS + (long) ((t - runShownAt[i] + LATENCY_MS) * pace);
            // the clock's own count wins where the arrival times disagree with it (a board played
            // faster than life, a pace the driver was not told): the increment is the clock's business
            boolean agree = Math.max(usedLo, clockLo) <= Math.min(usedHi, clockHi);
            usedLo = agree ? Math.max(usedLo, clockLo) : clockLo;
            usedHi = agree ? Math.min(usedHi, clockHi) : clockHi;
        }
        long shownDiff = (right ? after.right() : after.left()).toMillis() - runStartTime[i];
        long backLo = shownDiff - RESOLUTION_MS + usedLo, backHi = shownDiff + RESOLUTION_MS + usedHi;
        boolean bronstein = control.incrementKind() == TimeControl.IncrementKind.BRONSTEIN;
        long miss = miss(backLo, backHi, usedLo, usedHi, inc.toMillis(), 0, bronstein);
        if (ends > 0) {
            // the quota completed: this press may give the ending move's increment or the next one's, and the next period's time
            long next = control.periodOf(ends + 1).base().toMillis();
            for (int m : new int[] {move, move + 1}) {
                long e = control.periodOf(m).increment().toMillis();
                miss = Math.min(miss, Math.min(miss(backLo, backHi, usedLo, usedHi, e, 0, bronstein),
                        miss(backLo, backHi, usedLo, usedHi, e, next, bronstein)));
            }
        }
        boolean twice = lastPressContradicted;
        lastPressContradicted = miss > 0;
        if (miss == 0 || miss < GROSS_MS && !twice) return null;
        mismatchReported = true;
        long used = (usedLo + usedHi) / 2, back = shownDiff + used;
        long expected = bronstein ? Math.min(used, inc.toMillis()) : inc.toMillis();
        Color presser = colorOf(right);
        lastCheck = new ClockCheck(move, presser, Math.round(back / 1000.0), expected / 1000, control.tag(), bronstein);
        return "after move " + move + (presser == null ? "" : " of " + presser.name().toLowerCase()) + " the clock gave back "
                + lastCheck.backSeconds() + " s, where the " + (bronstein ? "Bronstein" : "Fischer") + " increment of "
                + inc.toSeconds() + " s gives " + lastCheck.expectedSeconds() + " s (time control " + control + ")";
    }

    /**
     * By how much the range of what the press gave back misses what the time control gives (0: it fits):
     * the increment (Bronstein: what the move used, up to it) plus {@code added}.
     */
    private static long miss(long backLo, long backHi, long usedLo, long usedHi, long inc, long added, boolean bronstein) {
        long expLo = (bronstein ? Math.min(usedLo, inc) : inc) + added, expHi = (bronstein ? Math.min(usedHi, inc) : inc) + added;
        return Math.max(0, Math.max(expLo - backHi, backLo - expHi));
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

    /**
     * Learns the clock side from a press known to follow a move of this colour, and keeps checking
     * it: two presses in a row that say the other side (a side learned from a press that was not
     * the mover's, or guessed from the first reading) turn it round. A configured side stays.
     */
    void learn(boolean rightPressed, Color mover) {
        if (sideConfigured) return;
        boolean right = (mover == Color.WHITE) == rightPressed;
        if (whiteOnRight == null || !sideFromPress) {
            whiteOnRight = right;
            sideFromPress = true;
            contradictions = 0;
        } else if (whiteOnRight == right) {
            contradictions = 0;
        } else if (contradictedAt != lastPressAt) {
            contradictedAt = lastPressAt;
            if (++contradictions >= 2) {
                log.info("two presses in a row put white on the clock's {} side: the clock side is turned round", right ? "right" : "left");
                whiteOnRight = right;
                contradictions = 0;
            }
        }
    }

    /** A clock is connected and running: a move without a press means something. */
    boolean inUse() {
        return last != null && last.clockPresent() && last.running();
    }

    /**
     * The clock has been seen running, without a stop, since capture time {@code t} or before: a
     * move begun then could be pressed. A clock first read (or started) later says nothing about it,
     * its first reading may well be that move's press.
     */
    boolean ranSince(long t) {
        return inUse() && runningSince >= 0 && runningSince <= t;
    }

    /** The colour of the player on the right, or null when not yet known. */
    Color colorOf(boolean right) {
        if (whiteOnRight == null) return null;
        return whiteOnRight == right ? Color.WHITE : Color.BLACK;
    }

    ClockTimes times() {
        if (last == null || whiteOnRight == null) return null;
        // the lever is high on the side whose clock runs
        Color running = last.running() && !last.leftFlag() && !last.rightFlag() ? colorOf(last.rightRunning()) : null;
        return whiteOnRight ? new ClockTimes(last.right(), last.left(), running) : new ClockTimes(last.left(), last.right(), running);
    }

    private static String fmt(Duration d) {
        long s = d.toSeconds();
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
