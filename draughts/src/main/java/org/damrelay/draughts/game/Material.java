package org.damrelay.draughts.game;

import java.util.Optional;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;

/** How many men and kings each side has: what the endgame draw rules look at. */
public record Material(int whiteMen, int whiteKings, int blackMen, int blackKings) {

    public static Material of(Position p) {
        return new Material(Long.bitCount(p.men(Color.WHITE)), Long.bitCount(p.kings(Color.WHITE)),
                Long.bitCount(p.men(Color.BLACK)), Long.bitCount(p.kings(Color.BLACK)));
    }

    public int men(Color c) {
        return c == Color.WHITE ? whiteMen : blackMen;
    }

    public int kings(Color c) {
        return c == Color.WHITE ? whiteKings : blackKings;
    }

    public int pieces(Color c) {
        return men(c) + kings(c);
    }

    /** A single king and nothing else. */
    public boolean isLoneKing(Color c) {
        return men(c) == 0 && kings(c) == 1;
    }

    /**
     * One side has a lone king, the other {@code minPieces}..{@code maxPieces} pieces of which at
     * least one king (SWR 9.2a/b). Either side may be the lone one.
     */
    public boolean loneKingAgainst(int minPieces, int maxPieces) {
        for (Color c : Color.values()) {
            Color o = c.opposite();
            if (isLoneKing(c) && kings(o) >= 1 && pieces(o) >= minPieces && pieces(o) <= maxPieces) return true;
        }
        return false;
    }

    /** Only kings on the board, one side a lone king, the other 1..{@code maxKings} kings (ZWH H). */
    public boolean kingsOnlyLoneKingAgainst(int maxKings) {
        if (whiteMen != 0 || blackMen != 0) return false;
        return (whiteKings == 1 && blackKings >= 1 && blackKings <= maxKings)
                || (blackKings == 1 && whiteKings >= 1 && whiteKings <= maxKings);
    }

    /** Material in men, a king counting two (manual 5.2.1, plus/minus draw). */
    public int value(Color c) {
        return men(c) + 2 * kings(c);
    }

    /** The side ahead by at least three men (a king counting two): a plus/minus draw (manual 5.2.1). */
    public Optional<Color> plusMinusSide() {
        int diff = value(Color.WHITE) - value(Color.BLACK);
        if (diff >= 3) return Optional.of(Color.WHITE);
        if (diff <= -3) return Optional.of(Color.BLACK);
        return Optional.empty();
    }
}
