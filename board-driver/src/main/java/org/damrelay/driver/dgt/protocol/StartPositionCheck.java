package org.damrelay.driver.dgt.protocol;

import org.damrelay.driver.board.Sensed;

/**
 * Checks a full board against the starting position, either way round, to catch a wrong piece-code
 * table: with the swapped firmware the 20 black men read as white kings under the standard table.
 */
public final class StartPositionCheck {
    public enum Result {
        /** The start position, read with the table in use. */
        MATCHES,
        /** Not the start position with this table, but exactly it with the other one: the table is wrong. */
        MATCHES_OTHER_TABLE,
        /** Not the start position (a game in progress, or pieces still being set up). */
        NOT_START
    }

    private StartPositionCheck() {}

    public static Result check(byte[] codes, PieceCodes table) {
        if (isStart(table.sensed(codes))) {
            return Result.MATCHES;
        }
        return isStart(table.other().sensed(codes)) ? Result.MATCHES_OTHER_TABLE : Result.NOT_START;
    }

    /** True for the starting position with black on fields 0-39 (as the connector sees it) or turned round. */
    public static boolean isStart(Sensed[] fields) {
        return fields.length == 100 && (matches(fields, false) || matches(fields, true));
    }

    /** The sensed starting position; rotated = the board turned round (field f reads as 99 - f). */
    public static Sensed[] start(boolean rotated) {
        Sensed[] out = new Sensed[100];
        for (int f = 0; f < 100; f++) {
            out[f] = expected(f, rotated);
        }
        return out;
    }

    private static boolean matches(Sensed[] fields, boolean rotated) {
        for (int f = 0; f < 100; f++) {
            if (fields[f] != expected(f, rotated)) {
                return false;
            }
        }
        return true;
    }

    private static Sensed expected(int f, boolean rotated) {
        int row = f / 10, col = f % 10;
        if ((row + col) % 2 == 0 || (row > 3 && row < 6)) {
            return Sensed.EMPTY;
        }
        boolean farSide = row <= 3;
        return farSide != rotated ? Sensed.BLACK_MAN : Sensed.WHITE_MAN;
    }
}
