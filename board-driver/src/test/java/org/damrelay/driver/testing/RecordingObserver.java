package org.damrelay.driver.testing;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/** Writes every observer call as one line of text, so tests compare sequences. */
public final class RecordingObserver implements BoardObserver {
    public final List<String> calls = new ArrayList<>();
    public final List<Sensed[]> boards = new ArrayList<>();

    @Override public synchronized void onBoard(long t, Sensed[] fields) {
        boards.add(fields.clone());
        calls.add(t + " board");
    }

    @Override public synchronized void onFieldChange(long t, int field, Sensed now) {
        calls.add(t + " field " + field + " " + now);
    }

    @Override public synchronized void onClock(long t, ClockReading clock) {
        calls.add(t + " clock " + clock.left().toSeconds() + " " + clock.right().toSeconds() + (clock.rightLeverHigh() ? " R" : " L"));
    }

    @Override public synchronized void onLink(long t, boolean connected) {
        calls.add(t + " link " + connected);
    }

    public synchronized List<String> kinds() {
        return calls.stream().map(c -> c.substring(c.indexOf(' ') + 1).split(" ")[0]).toList();
    }

    public synchronized List<String> snapshot() {
        return List.copyOf(calls);
    }
}
