package org.damrelay.emulator;

import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.Sensed;

/** Board fields 0-99 (row*10 + col from the connector's side, dgt-board.md) against notation squares. */
public final class Fields {
    public static final int COUNT = 100;

    private Fields() {}

    public static int ofSquare(int square) {
        return Squares.row(square) * 10 + Squares.col(square);
    }

    /** The square on this field, or 0 for a light field. */
    public static int squareOf(int field) {
        return Squares.square(field / 10, field % 10);
    }

    public static boolean isDark(int field) {
        return squareOf(field) != 0;
    }

    /** What a board turned round reports for this field. */
    public static int turned(int field) {
        return 99 - field;
    }

    public static Sensed sensed(Piece piece) {
        if (piece == null) return Sensed.EMPTY;
        return switch (piece) {
            case WHITE_MAN -> Sensed.WHITE_MAN;
            case WHITE_KING -> Sensed.WHITE_KING;
            case BLACK_MAN -> Sensed.BLACK_MAN;
            case BLACK_KING -> Sensed.BLACK_KING;
        };
    }

    public static Sensed crowned(Sensed s) {
        return switch (s) {
            case WHITE_MAN -> Sensed.WHITE_KING;
            case BLACK_MAN -> Sensed.BLACK_KING;
            default -> s;
        };
    }

    public static Sensed uncrowned(Sensed s) {
        return switch (s) {
            case WHITE_KING -> Sensed.WHITE_MAN;
            case BLACK_KING -> Sensed.BLACK_MAN;
            default -> s;
        };
    }

    public static boolean isKing(Sensed s) {
        return s == Sensed.WHITE_KING || s == Sensed.BLACK_KING;
    }
}
