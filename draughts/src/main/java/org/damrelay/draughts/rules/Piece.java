package org.damrelay.draughts.rules;

/** A piece on a playing square: a man or a king of either colour. */
public enum Piece {
    WHITE_MAN(Color.WHITE, false, 'w'),
    WHITE_KING(Color.WHITE, true, 'W'),
    BLACK_MAN(Color.BLACK, false, 'b'),
    BLACK_KING(Color.BLACK, true, 'B');

    private final Color color;
    private final boolean king;
    private final char symbol;

    Piece(Color color, boolean king, char symbol) {
        this.color = color;
        this.king = king;
        this.symbol = symbol;
    }

    public Color color() { return color; }
    public boolean isKing() { return king; }
    /** w/W/b/B: lower case for men, upper case for kings. */
    public char symbol() { return symbol; }

    public static Piece of(Color color, boolean king) {
        if (color == Color.WHITE) return king ? WHITE_KING : WHITE_MAN;
        return king ? BLACK_KING : BLACK_MAN;
    }

    public Piece crowned() { return of(color, true); }
}
