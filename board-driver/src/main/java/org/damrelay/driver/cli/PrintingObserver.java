package org.damrelay.driver.cli;

import java.io.PrintWriter;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/** Prints what a board reports, one line per call, for setting up and checking boards by eye. */
final class PrintingObserver implements BoardObserver {
    private final PrintWriter out;
    private final String prefix;

    PrintingObserver(PrintWriter out, String prefix) {
        this.out = out;
        this.prefix = prefix;
    }

    static char symbol(Sensed s) {
        return switch (s) {
            case EMPTY -> '.';
            case WHITE_MAN -> 'w';
            case WHITE_KING -> 'W';
            case BLACK_MAN -> 'b';
            case BLACK_KING -> 'B';
            case UNKNOWN -> '?';
        };
    }

    /** The 100 fields as ten rows of ten, row 0 first, joined by '/'. */
    static String rows(Sensed[] fields) {
        StringBuilder sb = new StringBuilder(110);
        for (int f = 0; f < fields.length; f++) {
            if (f > 0 && f % 10 == 0) {
                sb.append('/');
            }
            sb.append(symbol(fields[f]));
        }
        return sb.toString();
    }

    @Override public synchronized void onBoard(long t, Sensed[] fields) {
        out.println(prefix + t + " board " + rows(fields));
        out.flush();
    }

    @Override public synchronized void onFieldChange(long t, int field, Sensed now) {
        out.println(prefix + t + " field " + field + " " + symbol(now));
        out.flush();
    }

    @Override public synchronized void onClock(long t, ClockReading c) {
        out.println(prefix + t + " clock left " + c.left() + (c.leftFlag() ? " flag" : "") + " right " + c.right()
                + (c.rightFlag() ? " flag" : "") + (c.running() ? " running" : " stopped") + (c.rightLeverHigh() ? " lever-right-high" : "")
                + (c.clockPresent() ? "" : " no-clock"));
        out.flush();
    }

    @Override public synchronized void onLink(long t, boolean connected) {
        out.println(prefix + t + " link " + (connected ? "up" : "down"));
        out.flush();
    }
}
