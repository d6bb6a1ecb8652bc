package org.damrelay.driver.dgt.bus;

import java.time.Duration;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.dgt.protocol.EeEntry;

/** What the poller knows about one board on the bus. */
final class BusBoard {
    final int address;
    final BoardObserver observer;
    BoardState state = BoardState.CONNECTED;
    boolean needsBoard = true;
    boolean needsClock = true;
    boolean needsRepeat;
    int badAnswers;
    int misses;
    long nextPollMillis;
    long lastAnswerMillis;
    private ClockReading clock = new ClockReading(Duration.ZERO, Duration.ZERO, false, false, false, false, true);

    BusBoard(int address, BoardObserver observer) {
        this.address = address;
        this.observer = observer;
    }

    void clock(long t, ClockReading reading) {
        clock = reading;
        observer.onClock(t, reading);
    }

    /**
     * A time tag records one side's remaining time when that player pressed the lever, which pushes
     * that side down and stops that player's clock (a rocker): so a left-side tag means the lever is
     * now high on the right, where the clock runs. It is read at the next poll, not at the press.
     */
    void timeTag(long t, EeEntry.TimeTag tag) {
        Duration left = tag.left() ? tag.remaining() : clock.left();
        Duration right = tag.left() ? clock.right() : tag.remaining();
        clock(t, new ClockReading(left, right, clock.leftFlag(), clock.rightFlag(), true, tag.left(), true, null, true));
    }
}
