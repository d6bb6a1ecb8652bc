package org.damrelay.driver.board;

/**
 * What a board's sensor reports on one of its 100 fields, after the piece-code table has been
 * applied. A crown is a king as the sensor sees it; whether the piece is a king in the game is
 * the reconstruction's business (an uncrowned promoted man is a king all the same, SWR 3.3).
 */
public enum Sensed {
    EMPTY, WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING,
    /** Occupied by something the code table does not know. */
    UNKNOWN;

    public boolean isOccupied() {
        return this != EMPTY;
    }
}
