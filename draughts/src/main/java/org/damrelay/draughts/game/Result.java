package org.damrelay.draughts.game;

import java.util.Locale;

/**
 * A game result in board points (manual 5.3: 2-0, 1-1, 0-2, 0-0) or still going. PDN files use
 * two families: the federations' two-point scores and the chess-style one-point scores; both are
 * read, and written on request.
 */
public enum Result {
    WHITE_WINS("2-0", "1-0"),
    DRAW("1-1", "1/2-1/2"),
    BLACK_WINS("0-2", "0-1"),
    /** Both lose, e.g. a draw agreed too early (SWR 13.4, 22.2). */
    BOTH_LOSE("0-0", "0-0"),
    ONGOING("*", "*");

    /** Which score family to write. */
    public enum Scale { TWO_POINT, ONE_POINT }

    private final String twoPoint;
    private final String onePoint;

    Result(String twoPoint, String onePoint) {
        this.twoPoint = twoPoint;
        this.onePoint = onePoint;
    }

    /** The two-point PDN text: {@code 2-0}, {@code 1-1}, {@code 0-2}, {@code 0-0}, {@code *}. */
    public String pdn() {
        return twoPoint;
    }

    public String pdn(Scale scale) {
        return scale == Scale.TWO_POINT ? twoPoint : onePoint;
    }

    public boolean isOver() {
        return this != ONGOING;
    }

    /** Reads either family ("2-0" or "1-0", "1-1" or "1/2-1/2", ...). */
    public static Result fromPdn(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("½", "1/2");
        for (Result r : values()) {
            if (r.twoPoint.equals(t) || r.onePoint.equals(t)) return r;
        }
        throw new IllegalArgumentException("unknown PDN result \"" + text
                + "\" (expected 2-0, 1-1, 0-2, 0-0, 1-0, 1/2-1/2, 0-1 or *)");
    }
}
