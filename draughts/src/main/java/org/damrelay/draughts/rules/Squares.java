package org.damrelay.draughts.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Geometry of the 10x10 board in notation squares 1-50: square 1 is on row 0 (black's side)
 * column 1, square 46 on row 9 column 0 (white's bottom-left). Rows count from black's side,
 * columns from white's left. Precomputed rays make move generation table lookups.
 */
public final class Squares {
    public static final int COUNT = 50;

    /** Directions. The first four are diagonal; the last four orthogonal (Frisian captures only). */
    public static final int NW = 0, NE = 1, SW = 2, SE = 3, N = 4, S = 5, W = 6, E = 7;
    public static final int[] DIAGONALS = {NW, NE, SW, SE};
    public static final int[] ALL_DIRECTIONS = {NW, NE, SW, SE, N, S, W, E};
    // Orthogonal neighbours on dark squares are two rows (vertical) or two columns (horizontal) away.
    private static final int[] DROW = {-1, -1, 1, 1, -2, 2, 0, 0};
    private static final int[] DCOL = {-1, 1, -1, 1, 0, 0, -2, 2};

    private static final int[][][] RAYS = new int[COUNT + 1][8][];

    static {
        for (int sq = 1; sq <= COUNT; sq++) {
            for (int d = 0; d < 8; d++) {
                List<Integer> ray = new ArrayList<>();
                int r = row(sq) + DROW[d], c = col(sq) + DCOL[d];
                while (r >= 0 && r < 10 && c >= 0 && c < 10) {
                    ray.add(square(r, c));
                    r += DROW[d];
                    c += DCOL[d];
                }
                RAYS[sq][d] = ray.stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    private Squares() {}

    public static boolean isValid(int square) {
        return square >= 1 && square <= COUNT;
    }

    public static int row(int square) {
        return (square - 1) / 5;
    }

    public static int col(int square) {
        int r = row(square), k = (square - 1) % 5;
        return r % 2 == 0 ? 2 * k + 1 : 2 * k;
    }

    /** The square at (row, col), or 0 when that is a light field or off the board. */
    public static int square(int row, int col) {
        if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 == 0) return 0;
        return row * 5 + col / 2 + 1;
    }

    /** Squares along direction d from square (exclusive), nearest first. Do not modify. */
    public static int[] ray(int square, int direction) {
        return RAYS[square][direction];
    }

    /** The row on which a man of this colour promotes (row 0 for white, row 9 for black). */
    public static boolean isPromotionSquare(int square, Color color) {
        return color == Color.WHITE ? square <= 5 : square >= 46;
    }

    /** Diagonal directions a man of this colour moves in without capturing. */
    public static int[] forward(Color color) {
        return color == Color.WHITE ? new int[] {NW, NE} : new int[] {SW, SE};
    }

    public static long bit(int square) {
        return 1L << square;
    }
}
