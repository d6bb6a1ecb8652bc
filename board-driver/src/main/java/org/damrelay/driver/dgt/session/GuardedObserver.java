package org.damrelay.driver.dgt.session;

import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a fault in one observer from costing the line: the exception is logged, and
 * the next report is delivered as usual (also the rest of the read it came in).
 */
public final class GuardedObserver implements BoardObserver {
    private static final Logger log = LoggerFactory.getLogger(GuardedObserver.class);

    private final BoardObserver inner;
    private final String name;

    public GuardedObserver(BoardObserver inner, String name) {
        this.inner = inner;
        this.name = name;
    }

    @Override public void onBoard(long t, Sensed[] fields) {
        try {
            inner.onBoard(t, fields);
        } catch (RuntimeException e) {
            fault(t, "a full board", e);
        }
    }

    @Override public void onFieldChange(long t, int field, Sensed now) {
        try {
            inner.onFieldChange(t, field, now);
        } catch (RuntimeException e) {
            fault(t, "field " + field + " " + now, e);
        }
    }

    @Override public void onClock(long t, ClockReading clock) {
        try {
            inner.onClock(t, clock);
        } catch (RuntimeException e) {
            fault(t, "a clock reading", e);
        }
    }

    @Override public void onLink(long t, boolean connected) {
        try {
            inner.onLink(t, connected);
        } catch (RuntimeException e) {
            fault(t, "link " + (connected ? "up" : "down"), e);
        }
    }

    @Override public void onTick(long t) {
        try {
            inner.onTick(t);
        } catch (RuntimeException e) {
            fault(t, "a tick", e);
        }
    }

    private void fault(long t, String what, RuntimeException e) {
        log.error("{}: observer failed on {} at {} ms; going on with the next report", name, what, t, e);
    }
}
