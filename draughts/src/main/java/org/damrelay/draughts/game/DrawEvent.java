package org.damrelay.draughts.game;

/**
 * A transition the arbiter is told about: a draw count began (DRAW_RULE_STARTED) or a draw by
 * rule occurred (DRAW_BY_RULE).
 *
 * @param count the count that began or completed; null for a draw without a count (repetition,
 *              Frisian king against king)
 */
public record DrawEvent(Kind kind, DrawRule rule, int ply, MoveCount count) {
    public enum Kind { COUNT_STARTED, DRAW_BY_RULE }

    @Override
    public String toString() {
        return switch (kind) {
            case COUNT_STARTED -> rule.label() + " count started at ply " + ply + " (" + rule.article() + ")";
            case DRAW_BY_RULE -> "draw by " + rule.label() + " rule at ply " + ply + " (" + rule.article() + ")";
        };
    }
}
