package org.damrelay.driver.reconstruct;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;

/**
 * What the sensor shows on the 50 squares, as bit sets (bit n = square n). Matching against
 * positions compares colour and occupancy only: whether a piece is a king is the game's business
 * (an uncrowned promoted man is a king, a crown that fell off changes nothing).
 *
 * @param white   squares showing a white piece
 * @param black   squares showing a black piece
 * @param crowned squares showing a crown (either colour)
 * @param unknown squares occupied by something the code table does not know
 * @param strays  pieces standing on fields that are not playing squares under the orientation
 */
public record Occupancy(long white, long black, long crowned, long unknown, int strays) {

    public long pieces(Color c) {
        return c == Color.WHITE ? white : black;
    }

    /** Same colours on the same squares as the position, and nothing else on the board. */
    public boolean matches(Position p) {
        return unknown == 0 && strays == 0 && white == p.pieces(Color.WHITE) && black == p.pieces(Color.BLACK);
    }

    public boolean isCrowned(int square) {
        return (crowned & (1L << square)) != 0;
    }
}
