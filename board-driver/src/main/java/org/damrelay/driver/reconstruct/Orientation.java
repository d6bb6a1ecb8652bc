package org.damrelay.driver.reconstruct;

import java.util.Locale;
import org.damrelay.draughts.rules.Squares;

/**
 * How the board lies relative to its field numbering (dgt-board.md: field = row*10 + col seen from
 * the connector). A board turned round reports field 99-f; a board laid a quarter wrong has the
 * pieces on light fields, which in notation terms is the board mirrored (SWR 7.1, manual 4.3: play
 * on and notate as on a mirrored board).
 */
public enum Orientation {
    NORMAL, TURNED, MIRRORED, MIRRORED_TURNED;

    /** The notation square (1-50) a board field shows under this orientation, or 0 for a light field. */
    public int square(int field) {
        int f = (this == TURNED || this == MIRRORED_TURNED) ? 99 - field : field;
        int row = f / 10, col = f % 10;
        if (this == MIRRORED || this == MIRRORED_TURNED) col = 9 - col;
        return Squares.square(row, col);
    }

    /** The board field that shows a notation square under this orientation. */
    public int field(int square) {
        int row = Squares.row(square), col = Squares.col(square);
        if (this == MIRRORED || this == MIRRORED_TURNED) col = 9 - col;
        int f = row * 10 + col;
        return (this == TURNED || this == MIRRORED_TURNED) ? 99 - f : f;
    }

    /** An orientation as typed on a command line (any case), or an error naming the choices. */
    public static Orientation parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--orientation is normal, turned, mirrored or mirrored_turned, not \"" + text + "\"");
        }
    }

    /** The board lies on the wrong colour of fields (SWR 7.1). */
    public boolean isMirrored() {
        return this == MIRRORED || this == MIRRORED_TURNED;
    }
}
