package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.move;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/** The ZWH rule set (seed 003), on the same sequences as the SWR scenarios. */
class ZwhDrawRulesTest {
    private static final GameSettings ZWH = GameSettings.of(Variant.INTERNATIONAL).withDrawRules(DrawRules.ZWH);

    private static Game zwh(String fen) {
        return Game.from(fen(fen), ZWH);
    }

    private static Optional<Integer> moves(Game g, DrawRule rule) {
        return g.drawStatus().count(rule).map(MoveCount::moves);
    }

    @Test
    void tenMoreMovesInThreeKingsAgainstOne() {
        Game g = zwh("W:WK46:BK1,K2,K3");
        assertEquals(Optional.of(0), moves(g, DrawRule.ZWH_KINGS_ENDGAME));
        String[] ps = SwrDrawRulesTest.plies(SwrDrawRulesTest.SIXTEEN);
        for (int ply = 1; ply <= 20; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(Optional.of(ply / 2), moves(g, DrawRule.ZWH_KINGS_ENDGAME), "after ply " + ply);
            assertTrue(g.drawStatus().count(DrawRule.SIXTEEN_MOVES).isEmpty(), "no SWR counts under ZWH");
            assertEquals(ply == 20, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals(Outcome.drawBy(DrawRule.ZWH_KINGS_ENDGAME), g.outcome());
    }

    @Test
    void threeAgainstOneBecomingTwoAgainstOneKeepsCounting() {
        Game g = play(zwh("B:WK47,K48,K49:BK5"), "5-10 47-36 10-4 36-41 4-9 41-14 9x20");
        assertEquals(Optional.of(3), moves(g, DrawRule.ZWH_KINGS_ENDGAME), "one count since the 3-against-1 arose");
        g = play(g, "48-37 20-9 37-26 9-3 26-31 3-8 31-26 8-2 26-21 2-7");
        assertFalse(g.drawStatus().isDrawn(), "ply 17: SWR's 5-move rule would have drawn here");
        g = play(g, "21-16 7-1 16-11");
        assertEquals(20, g.drawStatus().drawPly());
        assertEquals(Outcome.drawBy(DrawRule.ZWH_KINGS_ENDGAME), g.outcome());
    }

    @Test
    void aManOnTheBoardMeansNoTenMoveCount() {
        Game g = play(zwh("W:WK46:BK3,4"), "46-41 3-8 41-36 8-2 36-31 2-7 31-26 7-1 26-21 1-6");
        assertTrue(g.drawStatus().count(DrawRule.ZWH_KINGS_ENDGAME).isEmpty());
        assertEquals(Optional.of(5), moves(g, DrawRule.ZWH_TWENTY_FIVE_MOVES));
        assertFalse(g.drawStatus().isDrawn());
    }

    @Test
    void twentyFiveMovesWithoutCaptureOrManMove() {
        Game g = zwh(SwrDrawRulesTest.TWENTY_FIVE_START);
        String[] ps = SwrDrawRulesTest.plies(SwrDrawRulesTest.TWENTY_FIVE);
        for (int ply = 1; ply <= 50; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(Optional.of(ply / 2), moves(g, DrawRule.ZWH_TWENTY_FIVE_MOVES), "after ply " + ply);
            assertEquals(ply == 50, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals(Outcome.drawBy(DrawRule.ZWH_TWENTY_FIVE_MOVES), g.outcome());
    }

    @Test
    void aManMoveResetsTheTwentyFiveMoveCount() {
        Game g = play(zwh(SwrDrawRulesTest.TWENTY_FIVE_START), "46-41 1-6 41-37 6-1 37-32 1-6 31-27");
        assertTrue(g.drawStatus().count(DrawRule.ZWH_TWENTY_FIVE_MOVES).isEmpty());
    }

    @Test
    void repetitionWhenThePlayerToMoveWasToMoveTwiceBefore() {
        Game g = zwh(SwrDrawRulesTest.TRIANGLE_START);
        String[] ps = SwrDrawRulesTest.plies(SwrDrawRulesTest.TRIANGLE + " " + SwrDrawRulesTest.TRIANGLE);
        for (int ply = 1; ply <= 24; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(ply == 24, g.drawStatus().isDrawn(), "drawn after ply " + ply);
            if (ply == 12) assertEquals(List.of(), g.repetitionClaimMoves(), "46-37 made that position only once before");
            if (ply == 23) assertEquals(List.of(), g.repetitionClaimMoves(), "the start position arose once by black's move");
        }
        assertEquals(Outcome.drawBy(DrawRule.ZWH_REPETITION), g.outcome());
        // second ZWH case: 46-37 and 46-41 would each make, a third time, a position white's own moves
        // made twice (after plies 1 and 13, and 9 and 21)
        assertEquals(Set.of(Move.quiet(46, 37), Move.quiet(46, 41)), Set.copyOf(g.repetitionClaimMoves()));
    }
}
