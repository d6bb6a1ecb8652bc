package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;

/**
 * Frisian art. 17: a player who has kings and men may not make more than three non-capturing
 * moves in a row with the same king; a capture with it, or any move with another piece, lifts
 * the limit. Tracked per side by following the king from square to square.
 *
 * @param whiteSquare   where white's last-moved king stands (0 when white's last move was no
 *                      non-capturing king move)
 * @param whiteMoves    its non-capturing moves in a row
 * @param blackSquare   the same for black
 * @param blackMoves    the same for black
 */
public record KingRuns(int whiteSquare, int whiteMoves, int blackSquare, int blackMoves) {

    public static final KingRuns NONE = new KingRuns(0, 0, 0, 0);
    static final int LIMIT = 3;

    public int square(Color c) {
        return c == Color.WHITE ? whiteSquare : blackSquare;
    }

    public int moves(Color c) {
        return c == Color.WHITE ? whiteMoves : blackMoves;
    }

    /** The runs after a legal move played in {@code before}. */
    public KingRuns after(Position before, Move move) {
        Color mover = before.sideToMove();
        Piece piece = before.pieceAt(move.from());
        if (piece == null || !piece.isKing() || move.isCapture()) return with(mover, 0, 0);
        int n = square(mover) == move.from() ? moves(mover) + 1 : 1;
        return with(mover, move.to(), n);
    }

    /** The runs after an irregular ply: nobody can tell which king went where, so the mover's run ends. */
    public KingRuns afterIrregular(Color mover) {
        return with(mover, 0, 0);
    }

    /**
     * The square of the king that may not make another non-capturing move in {@code p}, or 0.
     * A side with only kings is not bound (art. 17, last sentence).
     */
    public int blockedKing(Position p) {
        Color c = p.sideToMove();
        int sq = square(c);
        if (sq == 0 || moves(c) < LIMIT || p.men(c) == 0) return 0;
        return p.pieceAt(sq) == Piece.of(c, true) ? sq : 0;
    }

    private KingRuns with(Color c, int square, int moves) {
        // unchanged (most plies: no king moved): the same value, not one more object per ply a game keeps
        if (square(c) == square && moves(c) == moves) return this;
        return c == Color.WHITE ? new KingRuns(square, moves, blackSquare, blackMoves)
                : new KingRuns(whiteSquare, whiteMoves, square, moves);
    }
}
