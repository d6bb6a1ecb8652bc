package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.junit.jupiter.api.Test;

class DrawTrackerTest {

    /** A 5-move count one ply short, and the ply that completes it. */
    private static DrawStatus afterTenthPly(boolean sideToMoveCanMove) {
        Position before = fen("B:WK21:BK12,K2");
        Position after = before.apply(Move.quiet(2, 7));
        DrawStatus nine = new DrawStatus(List.of(new MoveCount(DrawRule.FIVE_MOVES, 0, 9, 4)), 1, null, -1);
        return DrawTracker.next(DrawRules.SWR, nine, Transition.of(10, before, Move.quiet(2, 7), after), 1, sideToMoveCanMove);
    }

    @Test
    void aCountCompletesOnItsLimit() {
        DrawStatus s = afterTenthPly(true);
        assertEquals(new MoveCount(DrawRule.FIVE_MOVES, 0, 10, 5), s.count(DrawRule.FIVE_MOVES).get());
        assertEquals(DrawRule.FIVE_MOVES, s.drawnBy());
        assertEquals(10, s.drawPly());
    }

    @Test
    void noLegalMoveComesBeforeADrawOnTheSamePly() {
        DrawStatus s = afterTenthPly(false);
        assertEquals(5, s.count(DrawRule.FIVE_MOVES).get().moves());
        assertFalse(s.isDrawn(), "SWR 8.1: the side to move has lost");
    }

    @Test
    void consoleText() {
        assertEquals("5-move count: 5 of 5; 25-move count: 0 of 25; draw by 5-move rule (SWR 9.2b) at ply 10", afterTenthPly(true).toString());
        assertTrue(new DrawStatus(List.of(), 1, null, -1).toString().contains("no draw count"));
    }
}
