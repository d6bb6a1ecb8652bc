package org.damrelay.driver.dgt.transport;

import java.io.IOException;

/**
 * The protocol logic of one line (a single-board session, or a bus poller), driven by the
 * {@link LinkSupervisor} live or by a capture replay: same calls, same times, same result.
 * All times are capture-clock milliseconds.
 */
public interface LineHandler {
    /** Sends commands to the line (and records them). */
    @FunctionalInterface
    interface Sink {
        void send(long tMillis, byte[] bytes) throws IOException;
    }

    /** The line is (again) open: set the board(s) up and ask for the full state. */
    void onConnected(long tMillis, Sink out) throws IOException;

    /** Bytes as one read returned them. */
    void onBytes(long tMillis, byte[] bytes, int offset, int length);

    /** Time passed (called after every read, with or without bytes): pings, polls, timeouts. */
    void onTick(long tMillis, Sink out) throws IOException;

    /** The link is dead from the handler's point of view (e.g. a ping went unanswered). */
    default boolean linkLost(long tMillis) {
        return false;
    }

    void onDisconnected(long tMillis);
}
