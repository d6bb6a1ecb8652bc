package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.board.ClockReading;
import org.junit.jupiter.api.Test;

class ClockWatchTest {
    private static final Duration START = Duration.ofSeconds(5400);

    private static ClockReading reading(boolean running, boolean rightLeverHigh, boolean leftFlag) {
        return new ClockReading(Duration.ofMinutes(79), Duration.ofMinutes(78), leftFlag, false, running, rightLeverHigh, true);
    }

    private static ClockReading at(Duration left, Duration right, boolean rightLeverHigh) {
        return new ClockReading(left, right, false, false, true, rightLeverHigh, true);
    }

    @Test
    void theSideWhoseLeverIsHighIsRunning() {
        ClockWatch w = new ClockWatch(true, null); // white sits on the right
        w.read(0, reading(true, true, false), 0, 0, Color.WHITE);
        assertEquals(Color.WHITE, w.times().running(), "the lever high on the right: the left player pressed it down, white's clock runs");
        ClockWatch.Reading r = w.read(100, reading(true, false, false), 1, 0, Color.BLACK);
        assertTrue(r.pressed());
        assertTrue(r.rightPressed(), "the right side went down: the right player pressed");
        assertEquals(Color.BLACK, w.times().running());
        assertEquals(Duration.ofMinutes(78), w.times().white());
    }

    @Test
    void aStoppedClockOrAFallenFlagRunsForNobody() {
        ClockWatch w = new ClockWatch(false, null);
        w.read(0, reading(false, true, false), 0, 0, Color.WHITE);
        assertNull(w.times().running());
        w.read(0, reading(true, true, true), 0, 0, Color.WHITE);
        assertNull(w.times().running());
    }

    /** White (on the right) thinks 3 s of capture time on a board played 10x faster: his clock lost 30 s, then got 60 s. */
    private static String mismatchAfterAPress(double pace) {
        ClockWatch w = new ClockWatch(true, TimeControl.parse("4800+60"), pace);
        Duration start = Duration.ofSeconds(4800);
        w.read(0, at(start, start, true), 0, 0, Color.WHITE);
        return w.read(3000, at(start, start.minusSeconds(30).plusSeconds(60), false), 1, 0, Color.BLACK).mismatch();
    }

    @Test
    void anAcceleratedBoardsIncrementIsCheckedInClockTime() {
        assertNull(mismatchAfterAPress(10), "at the emulator's pace the 60 s increment is right");
        assertNotNull(mismatchAfterAPress(1), "on a real board the same readings gave back 30 s too many");
    }

    /**
     * A game of quick moves on a clock set right (5400+60, white on the right), each reading
     * reaching the line 0.1-1 s after what it shows (drawn per reading, in order), with or
     * without a reading every second while a clock runs; or the clock set to Bronstein by mistake.
     * Returns the first mismatch's figures, or null.
     */
    private static org.damrelay.driver.arbiter.ClockCheck quickGame(long seed, boolean ticks, boolean bronstein) {
        java.util.Random random = new java.util.Random(seed);
        ClockWatch w = new ClockWatch(true, TimeControl.parse("5400+60")); // the event plays Fischer
        long[] ms = {5_400_000, 5_400_000}; // left (black), right (white)
        long now = 0, arrived = 0;
        int running = 1; // white's clock runs
        int[] moves = new int[2];
        w.read(0, stopped(ms, running), 0, 0, Color.WHITE);
        for (int ply = 0; ply < 60; ply++) {
            long think = 1_000 + random.nextInt(9_000);
            for (long s = 1_000; ticks && s < think; s += 1_000) {
                long shown = ms[running] - s;
                ClockReading tick = new ClockReading(Duration.ofSeconds((running == 0 ? shown : ms[0]) / 1000),
                        Duration.ofSeconds((running == 1 ? shown : ms[1]) / 1000), false, false, true, running == 1, true);
                arrived = Math.max(arrived, now + s + 100 + random.nextInt(900));
                assertNull(w.read(arrived, tick, moves[1], moves[0], null).mismatch());
            }
            now += think;
            ms[running] -= think;
            ms[running] += bronstein ? Math.min(think, 60_000) : 60_000;
            moves[running]++;
            running = 1 - running;
            arrived = Math.max(arrived, now + 100 + random.nextInt(900));
            ClockWatch.Reading r = w.read(arrived, stopped(ms, running), moves[1], moves[0], null);
            if (r.mismatch() != null) return r.check();
        }
        return null;
    }

    /** Both clocks as they stand at a press, the {@code running} side's just started (1: right). */
    private static ClockReading stopped(long[] ms, int running) {
        return new ClockReading(Duration.ofSeconds(ms[0] / 1000), Duration.ofSeconds(ms[1] / 1000), false, false, true, running == 1, true);
    }

    @Test
    void readingsArrivingLateAndUnevenlyRaiseNoMismatchOnAClockSetRight() {
        for (long seed = 1; seed <= 40; seed++) {
            assertNull(quickGame(seed, false, false), "presses only, seed " + seed);
            assertNull(quickGame(seed, true, false), "a reading every second, seed " + seed);
        }
    }

    @Test
    void aBoardPlayedFasterThanLifeIsCheckedByTheClocksOwnCount() {
        // an emulated board at 5x, the driver told nothing of its pace: 2 s of capture time are 10 s on the clock
        ClockWatch w = new ClockWatch(true, TimeControl.parse("5400+60"));
        Duration start = Duration.ofSeconds(5400);
        w.read(0, at(start, start, true), 0, 0, Color.WHITE);
        w.read(1000, at(start, start.minusSeconds(5), true), 0, 0, null);
        w.read(1500, at(start, start.minusSeconds(8), true), 0, 0, null);
        ClockWatch.Reading r = w.read(2000, at(start, start.minusSeconds(10).plusSeconds(60), false), 1, 0, Color.BLACK);
        assertNull(r.mismatch(), "the clock counted 8-10 s down and gave back 60: the increment is right");
    }

    @Test
    void aBronsteinClockWhereFischerIsPlayedIsNamedWithItsFigures() {
        var check = quickGame(7, true, true);
        assertNotNull(check, "quick moves on Bronstein give back a few seconds, not 60");
        assertEquals(1, check.move());
        assertEquals(Color.WHITE, check.side());
        assertEquals(60, check.expectedSeconds());
        assertTrue(check.backSeconds() < 15, "what the press gave back: " + check.backSeconds());
        assertEquals("5400+60", check.timeControl());
    }

    @Test
    void aBusPressReadAtThePollIsNotCheckedForItsIncrement() {
        ClockWatch w = new ClockWatch(true, TimeControl.parse("4800+60"));
        Duration start = Duration.ofSeconds(4800);
        w.read(0, at(start, start, true), 0, 0, Color.WHITE);
        ClockReading polled = new ClockReading(start, start.plusSeconds(30), false, false, true, false, true, null, true);
        assertNull(w.read(3000, polled, 1, 0, Color.BLACK).mismatch(), "the poll came seconds after the press: the move's time is not known");
    }

    @Test
    void aReadingBeforeMoveOnePlacesTheFirstMoverUntilAPressSaysOtherwise() {
        for (boolean whiteRight : new boolean[] {true, false}) {
            ClockWatch w = new ClockWatch(null, TimeControl.parse("5400+30"));
            w.read(0, new ClockReading(START, START, false, false, false, whiteRight, true), 0, 0, Color.WHITE);
            assertNull(w.colorOf(whiteRight), "a stopped clock places nobody");
            w.read(10, at(START, START, whiteRight), 0, 0, Color.WHITE);
            assertEquals(Color.WHITE, w.colorOf(whiteRight), "the clock runs for the side that moves first");
            // white moves and presses his side down: 2 s used, 30 s back
            ClockReading after = whiteRight ? at(START, START.plusSeconds(28), false) : at(START.plusSeconds(28), START, true);
            ClockWatch.Reading r = w.read(2000, after, 1, 0, Color.BLACK);
            assertEquals(whiteRight, r.rightPressed());
            assertNull(r.mismatch(), "a correctly set Fischer clock at ply 1");
            w.learn(r.rightPressed(), Color.WHITE);
            assertEquals(START.plusSeconds(28), w.times().white());
            assertEquals(Color.BLACK, w.times().running());
        }
    }

    @Test
    void twoPressesInARowAgainstTheLearnedSideTurnItRound() {
        ClockWatch w = new ClockWatch(null, null);
        w.read(0, at(START, START, true), 0, 0, Color.WHITE);
        w.read(100, at(START, START, false), 1, 0, Color.BLACK);
        w.learn(false, Color.WHITE); // a press misattributed: white seems to sit on the left
        assertEquals(Color.WHITE, w.colorOf(false));
        w.read(200, at(START, START, true), 1, 1, Color.WHITE);
        w.learn(true, Color.WHITE);
        w.learn(true, Color.WHITE); // the same press told twice counts once
        assertEquals(Color.WHITE, w.colorOf(false), "one contradiction is not enough");
        w.read(300, at(START, START, false), 2, 1, Color.BLACK);
        w.learn(false, Color.BLACK);
        assertEquals(Color.WHITE, w.colorOf(true), "the second in a row turns it round");
        ClockWatch configured = new ClockWatch(false, null);
        configured.learn(true, Color.WHITE);
        assertEquals(Color.WHITE, configured.colorOf(false), "a configured side stays");
    }

    @Test
    void atTheStartTheFirstReadingIsComparedWithTheBaseTimeOnceTheStartIsSeen() {
        ClockWatch w = new ClockWatch(null, TimeControl.parse("5400+30"));
        assertNull(w.read(0, at(START.plusSeconds(600), START, true), 0, 0, Color.WHITE).mismatch(), "not known yet whether this is a start");
        assertNotNull(w.atStart(), "ten minutes more than the time control gives");
        ClockWatch fair = new ClockWatch(null, TimeControl.parse("5400+30"));
        fair.read(0, at(START.plusSeconds(30), START.plusSeconds(30), true), 0, 0, Color.WHITE);
        assertNull(fair.atStart(), "a clock that adds the first increment at once is right");
    }

    @Test
    void aJoinedGamesFirstReadingIsNotComparedWithTheBaseTime() {
        ClockWatch w = new ClockWatch(null, TimeControl.parse("5400+30"));
        w.read(0, at(START.plusSeconds(600), START.plusSeconds(500), true), 0, 0, Color.WHITE);
        w.joined();
        assertNull(w.atStart());
        assertNull(w.colorOf(true), "a reading guessed for a start that was none places nobody");
    }

    @Test
    void aResumedGamesFirstReadingIsComparedWithTheTimesItHad() {
        Duration white = START.plusSeconds(600), black = START.plusSeconds(120);
        // fast play added increments: both above the base time, below what the relay had
        ClockWatch w = new ClockWatch(null, TimeControl.parse("5400+30"));
        w.resumed(new ClockTimes(white, black));
        assertNull(w.read(0, at(black.minusSeconds(5), white.minusSeconds(40), true), 0, 0, Color.WHITE).mismatch());
        assertEquals(Color.WHITE, w.colorOf(true), "only white on the right fits the times the game had");
        assertNull(w.atStart(), "a resumed game is no start");

        ClockWatch wrong = new ClockWatch(true, TimeControl.parse("5400+30"));
        wrong.resumed(new ClockTimes(white, black));
        String m = wrong.read(0, at(black.plusSeconds(300), white, true), 0, 0, Color.WHITE).mismatch();
        assertNotNull(m, "five minutes more than black had");
        assertTrue(m.contains("last") && m.contains("recorded"), m);

        // close times fit either way round; black's clock, stopped since his press, still shows what was recorded
        Duration w2 = START.plusSeconds(150), b2 = START.plusSeconds(140);
        ClockWatch close = new ClockWatch(null, TimeControl.parse("5400+30"));
        close.resumed(new ClockTimes(w2, b2));
        assertNull(close.read(0, at(w2.minusSeconds(7), b2.plusMillis(400), false), 0, 0, Color.WHITE).mismatch());
        assertEquals(Color.BLACK, close.colorOf(true), "the stopped right side shows black's recorded time");

        ClockWatch none = new ClockWatch(true, TimeControl.parse("5400+30"));
        none.resumed(null);
        assertNull(none.read(0, at(START.plusSeconds(900), START.plusSeconds(900), true), 0, 0, Color.WHITE).mismatch(),
                "without recorded times there is nothing to compare with");
    }

    @Test
    void aClockFirstReadAfterAMoveBeganCouldNotBePressedForIt() {
        ClockWatch w = new ClockWatch(null, null);
        w.read(1000, reading(false, true, false), 0, 0, Color.WHITE);
        assertFalse(w.ranSince(1500), "stopped");
        w.read(2000, reading(true, true, false), 0, 0, Color.WHITE);
        assertFalse(w.ranSince(1500), "a move begun before the clock ran");
        assertTrue(w.ranSince(2500));
        w.read(3000, reading(false, true, false), 0, 0, Color.WHITE);
        w.read(4000, reading(true, true, false), 0, 0, Color.WHITE);
        assertFalse(w.ranSince(2500), "a stop in between starts a new run");

        ClockWatch moveUnderWay = new ClockWatch(null, null);
        moveUnderWay.read(1000, reading(true, true, false), 0, 0, null);
        assertFalse(moveUnderWay.ranSince(5000), "a first reading with a move under way may be that move's press");
        moveUnderWay.read(6000, reading(true, false, false), 1, 0, null);
        assertTrue(moveUnderWay.ranSince(7000), "a press proves the clock runs");
    }
}
