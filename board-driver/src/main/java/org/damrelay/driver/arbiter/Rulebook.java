package org.damrelay.driver.arbiter;

import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;

/**
 * The article an event cites, from the game's own rulebook: the SWR (and the arbiter manual) for
 * international draughts, the Frisian rules (seed 001) for Frisian, whose articles the events of
 * a Frisian game cite instead (arbiter-events.md, "Frisian games").
 */
public final class Rulebook {
    private Rulebook() {}

    /** The article of an event type, or for an illegal move of its subtype, under the variant's rules. */
    public static String article(Variant variant, EventType type, IllegalKind kind) {
        if (variant != Variant.FRISIAN) return kind != null ? kind.article() : type.article();
        if (kind != null) {
            return switch (kind) {
                case CAPTURE_MISSED -> "Frisian 10, 27";
                case CAPTURE_NOT_MAXIMAL -> "Frisian 11";
                case MOVED_TWICE -> "Frisian 6, 27";
                case UNCROWNED_KING_MOVED -> "Frisian 8, 27";
                case KING_MOVE_LIMIT -> "Frisian 17";
                default -> "Frisian 27";
            };
        }
        return switch (type) {
            case MOVE -> "Frisian 6, 7";
            case MOVE_REPLACED -> "Frisian 16";
            case UNCROWNED_KING, KING_CROWNED -> "Frisian 8";
            case ACCIDENTAL_DISPLACEMENT -> "Frisian 25";
            case TOUCH_MOVE -> "Frisian 15";
            case CAPTURE_EXECUTION -> "Frisian 14";
            case BOARD_ORIENTATION -> "Frisian 26";
            case DRAW_RULE_STARTED, DRAW_BY_RULE -> "Frisian 18, 21";
            case EARLY_DRAW_AGREED -> "Frisian 21";
            case NO_LEGAL_MOVES, FLAG_FALL -> "Frisian 20";
            // art. 20, 2e: the game is lost for the player who resigns; the arbiter records the result (manual 5.4)
            case BOARD_CLEARED -> "Frisian 20, manual 5.4";
            case CLOCK_PRESSED_WITHOUT_MOVE, CLOCK_NOT_PRESSED, INCOMPLETE_MOVE, CLOCK_MISMATCH -> "Frisian 23";
            case MOVE_RETRACTED, ILLEGAL_MOVE, IRREGULAR_MOVE_STANDS, POSITION_UNKNOWN -> "Frisian 27";
            default -> type.article();
        };
    }

    /** The article of one draw rule in the form events use: "9.2a" (SWR), "ZWH H", "Frisian 18". */
    public static String article(DrawRule rule) {
        String a = rule.article();
        if (a.startsWith("SWR ")) return a.substring(4);
        return a.replace("Frisian art. ", "Frisian ");
    }

    /** "White" or "Black", as event texts name the players. */
    public static String name(Color c) {
        return c == Color.WHITE ? "White" : "Black";
    }
}
