package org.damrelay.draughts.game;

import java.util.List;
import org.damrelay.draughts.game.EndgameCount.Unit;

/** The draw rule sets a competition can play under. */
public enum DrawRules {
    /** KNDB SWR 9.2 with manual 5.2.2: 16-move, 5-move, threefold repetition, 25-move. */
    SWR(List.of(
            new EndgameCount(DrawRule.SIXTEEN_MOVES,
                    m -> m.loneKingAgainst(3, 3), m -> m.loneKingAgainst(1, 3), Unit.MOVES_BY_BOTH),
            new EndgameCount(DrawRule.FIVE_MOVES,
                    m -> m.loneKingAgainst(1, 2), m -> m.loneKingAgainst(1, 2), Unit.MOVES_BY_BOTH),
            new KingMovesCount(DrawRule.TWENTY_FIVE_MOVES)),
            DrawRule.REPETITION, false),
    /** ZWH (seed 003): 10 more moves in kings-only 1-3 against 1, 25 moves, repetition. */
    ZWH(List.of(
            new EndgameCount(DrawRule.ZWH_KINGS_ENDGAME,
                    m -> m.kingsOnlyLoneKingAgainst(3), m -> m.kingsOnlyLoneKingAgainst(3), Unit.MOVES_BY_BOTH),
            new KingMovesCount(DrawRule.ZWH_TWENTY_FIVE_MOVES)),
            DrawRule.ZWH_REPETITION, false),
    /** Frisian (seed 001): art. 18 two kings against one, art. 21 king against king; no repetition rule. */
    FRISIAN(List.of(
            new EndgameCount(DrawRule.FRISIAN_TWO_KINGS,
                    DrawRules::twoKingsAgainstOne, DrawRules::twoKingsAgainstOne, Unit.MOVES_BY_STRONGER)),
            null, true);

    private final List<DrawCount> counts;
    private final DrawRule repetition;
    private final boolean kingAgainstKing;

    DrawRules(List<DrawCount> counts, DrawRule repetition, boolean kingAgainstKing) {
        this.counts = counts;
        this.repetition = repetition;
        this.kingAgainstKing = kingAgainstKing;
    }

    List<DrawCount> counts() { return counts; }

    /** The repetition rule of this set, or null when it has none. */
    DrawRule repetition() { return repetition; }

    boolean kingAgainstKing() { return kingAgainstKing; }

    private static boolean twoKingsAgainstOne(Material m) {
        return m.whiteMen() == 0 && m.blackMen() == 0
                && (m.whiteKings() == 2 && m.blackKings() == 1 || m.whiteKings() == 1 && m.blackKings() == 2);
    }
}
