package org.damrelay.draughts.game;

/**
 * A running draw count as the arbiter's console shows it: "16-move count: 7 of 16".
 *
 * @param rule      the rule counting
 * @param startPly  the ply after which the count began (0 = the game's start position)
 * @param plies     plies played since then
 * @param moves     moves counted so far: moves by both for SWR and ZWH, the stronger side's moves
 *                  for Frisian art. 18
 */
public record MoveCount(DrawRule rule, int startPly, int plies, int moves) {

    public MoveCount {
        if (startPly < 0 || plies < 0 || moves < 0) throw new IllegalArgumentException("negative count");
    }

    static MoveCount startingAt(DrawRule rule, int ply) {
        return new MoveCount(rule, ply, 0, 0);
    }

    public int limit() {
        return rule.limit();
    }

    /**
     * Whether the count has begun, for the arbiter and the events: SWR 9.2d (and ZWH K) count
     * moves by both players ("both played the last 25 moves only with kings"), so a king-moves
     * count begins once both have made a king move without capture in a row; a single king move
     * in the middle game starts nothing. The endgame counts begin when their position arises.
     */
    public boolean begun() {
        boolean kingMoves = rule == DrawRule.TWENTY_FIVE_MOVES || rule == DrawRule.ZWH_TWENTY_FIVE_MOVES;
        return !kingMoves || plies >= 2;
    }

    /** The count reached its limit: the draw occurs. */
    public boolean isComplete() {
        return moves >= rule.limit();
    }

    @Override
    public String toString() {
        return rule.label() + " count: " + moves + " of " + rule.limit();
    }
}
