package org.damrelay.driver.dgt.protocol;

/** Which message set a line speaks: one board in single-board mode, or a bus of addressed boards. */
public enum Framing {
    SINGLE_BOARD, BUS
}
