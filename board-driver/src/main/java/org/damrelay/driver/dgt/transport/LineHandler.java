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

    /**
     * These bytes went to the line. Live the supervisor reports the handler's own sends here; a
     * replay reports the recorded ones, so state that depends on what was asked (which board was
     * polled, when) follows what really happened rather than what the handler would ask now.
     */
    default void onSent(long tMillis, byte[] bytes) {}

    /** Time passed (called after every read, with or without bytes): pings, polls, timeouts. */
    void onTick(long tMillis, Sink out) throws IOException;

    /**
     * When the handler's state next changes by itself if nothing arrives (an answer timing out), on
     * the capture clock. Live and in replay, a pending deadline earlier than the time of arriving
     * bytes is ticked before the bytes are handed over, and handlers stamp what a timeout causes
     * with the deadline itself, so both see the same order and the same times.
     */
    default long nextDeadline() {
        return Long.MAX_VALUE;
    }

    /** The link is dead from the handler's point of view (e.g. a ping went unanswered). */
    default boolean linkLost(long tMillis) {
        return false;
    }

    void onDisconnected(long tMillis);
}
