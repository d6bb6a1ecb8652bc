package org.damrelay.draughts.rules;

import java.util.Map;
import java.util.TreeMap;

/**
 * An immutable position: which piece stands on each of the 50 squares, and the side to move.
 * Stored as four bit sets (bit n = square n). Any placement is allowed: the core never assumes
 * a position is reachable, because an irregular move that stood (SWR 7.2) can lead anywhere.
 */
public record Position(long whiteMen, long whiteKings, long blackMen, long blackKings, Color sideToMove) {

    static final long ALL_SQUARES = ((1L << 51) - 1) & ~1L;

    public Position {
        long[] sets = {whiteMen, whiteKings, blackMen, blackKings};
        for (int i = 0; i < 4; i++) {
            if ((sets[i] & ~ALL_SQUARES) != 0) throw new IllegalArgumentException("bits outside squares 1-50");
            for (int j = i + 1; j < 4; j++) {
                if ((sets[i] & sets[j]) != 0) throw new IllegalArgumentException("two pieces on one square");
            }
        }
        if (sideToMove == null) throw new IllegalArgumentException("side to move missing");
    }

    /** The start position: black men on 1-20, white men on 31-50, white to move (SWR 3.2, 4). */
    public static Position start() {
        long black = 0, white = 0;
        for (int s = 1; s <= 20; s++) black |= Squares.bit(s);
        for (int s = 31; s <= 50; s++) white |= Squares.bit(s);
        return new Position(white, 0, black, 0, Color.WHITE);
    }

    public static Position empty(Color sideToMove) {
        return new Position(0, 0, 0, 0, sideToMove);
    }

    /** A position from a map square → piece. */
    public static Position of(Map<Integer, Piece> pieces, Color sideToMove) {
        Position p = empty(sideToMove);
        for (Map.Entry<Integer, Piece> e : pieces.entrySet()) p = p.with(e.getKey(), e.getValue());
        return p;
    }

    /** The piece on a square, or null when it is empty. */
    public Piece pieceAt(int square) {
        long b = Squares.bit(square);
        if ((whiteMen & b) != 0) return Piece.WHITE_MAN;
        if ((whiteKings & b) != 0) return Piece.WHITE_KING;
        if ((blackMen & b) != 0) return Piece.BLACK_MAN;
        if ((blackKings & b) != 0) return Piece.BLACK_KING;
        return null;
    }

    public boolean isEmpty(int square) {
        return (occupied() & Squares.bit(square)) == 0;
    }

    public long occupied() {
        return whiteMen | whiteKings | blackMen | blackKings;
    }

    public long pieces(Color c) {
        return c == Color.WHITE ? whiteMen | whiteKings : blackMen | blackKings;
    }

    public long men(Color c) {
        return c == Color.WHITE ? whiteMen : blackMen;
    }

    public long kings(Color c) {
        return c == Color.WHITE ? whiteKings : blackKings;
    }

    public int count(Color c) {
        return Long.bitCount(pieces(c));
    }

    /** Square → piece, ascending. */
    public Map<Integer, Piece> pieceMap() {
        Map<Integer, Piece> m = new TreeMap<>();
        for (long o = occupied(); o != 0; o &= o - 1) {
            int s = Long.numberOfTrailingZeros(o);
            m.put(s, pieceAt(s));
        }
        return m;
    }

    /** This position with a square set to a piece (null empties it). */
    public Position with(int square, Piece piece) {
        long b = Squares.bit(square);
        if (!Squares.isValid(square)) throw new IllegalArgumentException("no square " + square);
        long wm = whiteMen & ~b, wk = whiteKings & ~b, bm = blackMen & ~b, bk = blackKings & ~b;
        if (piece != null) {
            switch (piece) {
                case WHITE_MAN -> wm |= b;
                case WHITE_KING -> wk |= b;
                case BLACK_MAN -> bm |= b;
                case BLACK_KING -> bk |= b;
            }
        }
        return new Position(wm, wk, bm, bk, sideToMove);
    }

    public Position withSideToMove(Color c) {
        return c == sideToMove ? this : new Position(whiteMen, whiteKings, blackMen, blackKings, c);
    }

    /**
     * Plays a move: the piece goes from → to, captured pieces leave, a man that stops on the far
     * row becomes a king (SWR 3.3; merely passing it during a capture does not promote), and the
     * other side is to move. Legality is not checked here: see {@link MoveGenerator}.
     */
    public Position apply(Move move) {
        Piece mover = pieceAt(move.from());
        if (mover == null) throw new IllegalArgumentException("no piece on " + move.from() + " for " + move);
        long keep = ~move.captured();
        Position p = new Position(whiteMen & keep, whiteKings & keep, blackMen & keep, blackKings & keep, sideToMove)
                .with(move.from(), null);
        Piece landed = !mover.isKing() && Squares.isPromotionSquare(move.to(), mover.color()) ? mover.crowned() : mover;
        return p.with(move.to(), landed).withSideToMove(sideToMove.opposite());
    }

    /** A compact board-and-side text, for logs and failing tests. Use Fen for notation. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(sideToMove == Color.WHITE ? "W:" : "B:");
        for (int s = 1; s <= Squares.COUNT; s++) {
            Piece p = pieceAt(s);
            sb.append(p == null ? '.' : p.symbol());
        }
        return sb.toString();
    }
}
