package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.board.Sensed;

/** Square sets as bits (bit n = square n), the way positions and occupancies hold them. */
final class Bits {
    private Bits() {}

    /** The lowest square of a non-empty set. */
    static int first(long bits) {
        return Long.numberOfTrailingZeros(bits);
    }

    static List<Integer> squares(long bits) {
        List<Integer> out = new ArrayList<>();
        for (long b = bits; b != 0; b &= b - 1) out.add(first(b));
        return out;
    }

    /** The colour shown on a square, or null when it is empty. */
    static Color colorAt(Occupancy o, int square) {
        long b = 1L << square;
        if ((o.white() & b) != 0) return Color.WHITE;
        if ((o.black() & b) != 0) return Color.BLACK;
        return null;
    }

    /** The colour of a sensed piece, or null for an empty or unknown field. */
    static Color colorOf(Sensed s) {
        return switch (s) {
            case WHITE_MAN, WHITE_KING -> Color.WHITE;
            case BLACK_MAN, BLACK_KING -> Color.BLACK;
            default -> null;
        };
    }

    /** Squares where the board and the position disagree, unknown pieces included. */
    static List<Integer> differing(Occupancy seen, Position p) {
        return squares((seen.white() ^ p.pieces(Color.WHITE)) | (seen.black() ^ p.pieces(Color.BLACK)) | seen.unknown());
    }
}
