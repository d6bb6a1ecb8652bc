package org.damrelay.driver.board;

/**
 * The seam between reading a board and understanding it: the I/O side (live serial, a bus, or a
 * capture being replayed) calls these in order, with the time in milliseconds on the capture
 * clock; the reconstruction side implements them. Fields are the board's own numbering 0-99
 * (row*10 + col from the connector's side, never rotated); mapping to squares 1-50 and detecting
 * a board turned round is the reconstruction's job.
 */
public interface BoardObserver {
    /** A complete board (BOARD_DUMP, after a connect, a resync, or a bus mismatch): 100 fields. */
    void onBoard(long tMillis, Sensed[] fields);

    /** One field changed (FIELD_UPDATE, or a field tag of the bus change log). */
    void onFieldChange(long tMillis, int field, Sensed now);

    /** A clock reading (BWTIME, or a time tag of the bus change log). */
    void onClock(long tMillis, ClockReading clock);

    /** The link to this board dropped (false) or came back (true). After a reconnect a full board follows. */
    void onLink(long tMillis, boolean connected);

    /**
     * Time passed with nothing reported (the line's tick). Reconstruction commits a move when the
     * board has been still for a while, so it needs to hear time pass, not only observations.
     */
    default void onTick(long tMillis) {}
}
