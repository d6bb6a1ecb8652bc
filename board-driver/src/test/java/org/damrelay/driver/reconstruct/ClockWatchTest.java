package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.board.ClockReading;
import org.junit.jupiter.api.Test;

class ClockWatchTest {

    private static ClockReading reading(boolean running, boolean rightLeverHigh, boolean leftFlag) {
        return new ClockReading(Duration.ofMinutes(79), Duration.ofMinutes(78), leftFlag, false, running, rightLeverHigh, true);
    }

    @Test
    void theSideWhoseLeverIsDownIsRunning() {
        ClockWatch w = new ClockWatch(true, null); // white sits on the right
        w.read(0, reading(true, true, false), 0, 0);
        assertEquals(Color.BLACK, w.times().running(), "the right lever up: white pressed, black's clock runs");
        w.read(0, reading(true, false, false), 0, 0);
        assertEquals(Color.WHITE, w.times().running());
        assertEquals(Duration.ofMinutes(78), w.times().white());
    }

    @Test
    void aStoppedClockOrAFallenFlagRunsForNobody() {
        ClockWatch w = new ClockWatch(false, null);
        w.read(0, reading(false, true, false), 0, 0);
        assertNull(w.times().running());
        w.read(0, reading(true, true, true), 0, 0);
        assertNull(w.times().running());
    }

    /** White (on the right) thinks 3 s of capture time on a board played 10x faster: his clock lost 30 s, then got 60 s. */
    private static String mismatchAfterAPress(double pace) {
        ClockWatch w = new ClockWatch(true, TimeControl.parse("4800+60"), pace);
        Duration start = Duration.ofSeconds(4800);
        w.read(0, new ClockReading(start, start, false, false, true, false, true), 0, 0);
        return w.read(3000, new ClockReading(start, start.minusSeconds(30).plusSeconds(60), false, false, true, true, true), 1, 0)
                .mismatch();
    }

    @Test
    void anAcceleratedBoardsIncrementIsCheckedInClockTime() {
        assertNull(mismatchAfterAPress(10), "at the emulator's pace the 60 s increment is right");
        assertNotNull(mismatchAfterAPress(1), "on a real board the same readings gave back 30 s too many");
    }
}
