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

    /** The count reached its limit: the draw occurs. */
    public boolean isComplete() {
        return moves >= rule.limit();
    }

    @Override
    public String toString() {
        return rule.label() + " count: " + moves + " of " + rule.limit();
    }
}
