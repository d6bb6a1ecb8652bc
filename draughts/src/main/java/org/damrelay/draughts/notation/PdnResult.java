package org.damrelay.draughts.notation;

/**
 * A game result, normalised from either family PDN files use: the draughts points 2-0/1-1/0-2/0-0
 * (manual 5.3; 0-0 when both lose, SWR 13.4) and the chess-style 1-0/0-1/1/2-1/2.
 */
public enum PdnResult {
    WHITE_WINS("2-0"), DRAW("1-1"), BLACK_WINS("0-2"), BOTH_LOSE("0-0"), UNKNOWN("*");

    private final String pdn;

    PdnResult(String pdn) {
        this.pdn = pdn;
    }

    /** The PDN 3.0 draughts form: 2-0, 1-1, 0-2, 0-0 or *. */
    public String pdn() {
        return pdn;
    }

    /** The result a PDN result token or Result tag stands for; anything unrecognised is UNKNOWN. */
    public static PdnResult parse(String text) {
        if (text == null) return UNKNOWN;
        return switch (text.strip().replace(" ", "")) {
            case "2-0", "1-0" -> WHITE_WINS;
            case "1-1", "1/2-1/2", "\u00bd-\u00bd" -> DRAW;
            case "0-2", "0-1" -> BLACK_WINS;
            case "0-0" -> BOTH_LOSE;
            default -> UNKNOWN;
        };
    }
}
