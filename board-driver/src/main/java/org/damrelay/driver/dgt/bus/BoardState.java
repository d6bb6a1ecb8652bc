package org.damrelay.driver.dgt.bus;

/** How one board on a bus is doing, reported per board. */
public enum BoardState {
    /** Answering polls. */
    CONNECTED,
    /** Missed several polls in a row (or the line itself dropped); still polled, in case it comes back. */
    NOT_RESPONDING
}
