package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.move;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/** Frisian art. 18 and 21 (seed 001). */
class FrisianDrawRulesTest {

    @Test
    void twoKingsMustWinAgainstOneWithinSevenMoves() {
        Game g = Game.from(fen("W:WK46:BK1,K2"), Variant.FRISIAN);
        assertEquals(DrawRules.FRISIAN, g.settings().drawRules());
        String[] ps = "46-41 1-6 41-37 2-7 37-31 6-1 31-26 1-6 26-21 6-1 21-16 7-2 16-27 1-6".split(" ");
        for (int ply = 1; ply <= 14; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            // black, the side with two kings, moves on even plies: only its moves count
            assertEquals(Optional.of(ply / 2), g.drawStatus().count(DrawRule.FRISIAN_TWO_KINGS).map(MoveCount::moves),
                    "after ply " + ply);
            assertEquals(ply == 14, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals("7-move count: 7 of 7; draw by 7-move rule (Frisian art. 18) at ply 14", g.drawStatus().toString());
        assertEquals(Outcome.drawBy(DrawRule.FRISIAN_TWO_KINGS), g.outcome());
    }

    @Test
    void aWinOnTheSeventhMoveIsAWin() {
        Game g = play(Game.from(fen("W:WK46:BK1,K2"), Variant.FRISIAN),
                "46-41 1-6 41-37 2-7 37-31 6-1 31-26 1-6 26-21 6-1 21-16 7-2 16-11");
        assertEquals(Optional.of(6), g.drawStatus().count(DrawRule.FRISIAN_TWO_KINGS).map(MoveCount::moves));
        g = play(g, "1x21");
        assertEquals(new Outcome(Result.BLACK_WINS, Termination.NO_LEGAL_MOVES, null), g.outcome());
    }

    @Test
    void aWinOnTheEighthMoveComesTooLate() {
        Game g = play(Game.from(fen("W:WK46:BK1,K2"), Variant.FRISIAN),
                "46-41 1-6 41-37 2-7 37-31 6-1 31-26 1-6 26-21 6-1 21-16 7-2 16-27 1-6 27-16 6x26");
        assertEquals(Outcome.drawBy(DrawRule.FRISIAN_TWO_KINGS), g.outcome(), "the draw occurred at ply 14");
        assertEquals(14, g.drawStatus().drawPly());
    }

    @Test
    void kingAgainstKingIsADraw() {
        Game g = Game.from(fen("W:WK46:BK1"), Variant.FRISIAN);
        assertEquals(Outcome.drawBy(DrawRule.FRISIAN_KING_VS_KING), g.outcome());
        assertEquals(0, g.drawStatus().drawPly());
    }

    @Test
    void kingAgainstKingWithACaptureOnIsPlayedOut() {
        Game g = Game.from(fen("W:WK28:BK23"), Variant.FRISIAN);
        assertFalse(g.drawStatus().isDrawn());
        g = play(g, "28x19");
        assertEquals(new Outcome(Result.WHITE_WINS, Termination.NO_LEGAL_MOVES, null), g.outcome());
    }

    @Test
    void kingAgainstKingForcedOntoACaptureIsPlayedOut() {
        // white's king in the corner can only step onto the long diagonal, where black's king takes it
        Game g = Game.from(fen("W:WK46:BK5"), Variant.FRISIAN);
        assertFalse(g.drawStatus().isDrawn(), "every white move walks into a capture");
        g = play(g, "46-41");
        assertEquals(Result.BLACK_WINS, play(g, g.legalMoves().get(0).toString()).result());
    }

    @Test
    void internationalRulesDoNotFitFrisian() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GameSettings.of(Variant.FRISIAN).withDrawRules(DrawRules.SWR));
        assertTrue(e.getMessage().contains("SWR"), e.getMessage());
    }
}
