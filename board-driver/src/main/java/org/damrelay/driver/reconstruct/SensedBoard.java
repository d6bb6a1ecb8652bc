package org.damrelay.driver.reconstruct;

import java.util.Arrays;
import org.damrelay.driver.board.Sensed;

/**
 * The last reported content of the board's 100 fields, in the board's own numbering, and the
 * orientation the game is read under (null until the board first showed the game's position).
 */
final class SensedBoard {
    private final Sensed[] fields = new Sensed[100];
    private Orientation orientation;

    SensedBoard() {
        Arrays.fill(fields, Sensed.EMPTY);
    }

    void setAll(Sensed[] all) {
        if (all.length != 100) throw new IllegalArgumentException("a board dump has 100 fields, got " + all.length);
        for (int f = 0; f < 100; f++) fields[f] = all[f] == null ? Sensed.EMPTY : all[f];
    }

    /** Sets one field and returns what it showed before. */
    Sensed set(int field, Sensed now) {
        if (field < 0 || field > 99) throw new IllegalArgumentException("field " + field + " is not 0-99");
        Sensed before = fields[field];
        fields[field] = now == null ? Sensed.EMPTY : now;
        return before;
    }

    Orientation orientation() {
        return orientation;
    }

    /** The board is read under {@code o} from now on. */
    void readAs(Orientation o) {
        orientation = o;
    }

    /** The board as the game reads it: under the orientation in use. */
    Occupancy occupancy() {
        return occupancy(orientation);
    }

    Occupancy occupancy(Orientation o) {
        long white = 0, black = 0, crowned = 0, unknown = 0;
        int strays = 0;
        for (int f = 0; f < 100; f++) {
            Sensed s = fields[f];
            if (!s.isOccupied()) continue;
            int sq = o.square(f);
            if (sq == 0) {
                strays++;
                continue;
            }
            long b = 1L << sq;
            switch (s) {
                case WHITE_MAN -> white |= b;
                case WHITE_KING -> { white |= b; crowned |= b; }
                case BLACK_MAN -> black |= b;
                case BLACK_KING -> { black |= b; crowned |= b; }
                default -> unknown |= b;
            }
        }
        return new Occupancy(white, black, crowned, unknown, strays);
    }
}
