package org.damrelay.emulator;

import java.util.Arrays;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/** One thing the emulated board reported, at a time on the capture clock (ms). Fields are the board's own 0-99. */
public sealed interface BoardEvent {
    long t();

    void deliverTo(BoardObserver observer);

    record FieldChanged(long t, int field, Sensed now) implements BoardEvent {
        public void deliverTo(BoardObserver o) { o.onFieldChange(t, field, now); }
    }

    record ClockRead(long t, ClockReading clock) implements BoardEvent {
        public void deliverTo(BoardObserver o) { o.onClock(t, clock); }
    }

    record LinkChanged(long t, boolean connected) implements BoardEvent {
        public void deliverTo(BoardObserver o) { o.onLink(t, connected); }
    }

    /** A full board as a dump reports it; the array is a private copy. */
    record BoardDumped(long t, Sensed[] fields) implements BoardEvent {
        public BoardDumped {
            if (fields.length != Fields.COUNT) throw new IllegalArgumentException("a board dump has 100 fields, not " + fields.length);
            fields = fields.clone();
        }

        @Override
        public Sensed[] fields() { return fields.clone(); }

        public void deliverTo(BoardObserver o) { o.onBoard(t, fields.clone()); }

        @Override
        public boolean equals(Object o) {
            return o instanceof BoardDumped d && d.t == t && Arrays.equals(d.fields, fields);
        }

        @Override
        public int hashCode() { return Long.hashCode(t) * 31 + Arrays.hashCode(fields); }

        @Override
        public String toString() { return "BoardDumped[t=" + t + "]"; }
    }
}
