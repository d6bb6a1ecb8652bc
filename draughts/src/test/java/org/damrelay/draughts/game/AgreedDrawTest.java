package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;
import org.junit.jupiter.api.Test;

/** SWR 13.4 and 13.5 on a real game (Derkx - Meijer, NK 2009, 117 plies), and manual 5.2.1. */
class AgreedDrawTest {
    private static final PdnGame GAME = SharedTree.corpusFile("nk_ronde_01.pdn").get(0);

    @Test
    void theCorpusGameReplaysToItsEnd() {
        assertEquals("117", GAME.tag("PlyCount"));
        Game g = CorpusGames.replay(GAME, GAME.plies().size());
        assertEquals(117, g.ply());
        assertEquals(59, g.movesBothMade() + 1, "white made 59 moves, black 58");
        assertEquals(Result.ONGOING, g.result(), "black resigned; the board alone does not say so");
    }

    @Test
    void aDrawAgreedBeforeBothMadeFortyMovesLosesForBoth() {
        Game g79 = CorpusGames.replay(GAME, 79);
        assertEquals(39, g79.movesBothMade(), "white has made its 40th move, black not yet");
        assertTrue(g79.isBeforeMoveForty());
        Game agreed = g79.agreeDraw();
        assertEquals(new Outcome(Result.BOTH_LOSE, Termination.EARLY_DRAW_AGREED, null), agreed.outcome());
        assertEquals("0-0", agreed.result().pdn());
        assertThrows(IllegalStateException.class, () -> agreed.play(GAME.plies().get(79)));
    }

    @Test
    void aDrawAgreedAfterFortyMovesByBothStands() {
        Game g80 = CorpusGames.replay(GAME, 80);
        assertEquals(40, g80.movesBothMade());
        assertFalse(g80.isBeforeMoveForty());
        assertEquals(new Outcome(Result.DRAW, Termination.DRAW_AGREED, null), g80.agreeDraw().outcome());
        assertEquals("1/2-1/2", g80.agreeDraw().result().pdn(Result.Scale.ONE_POINT));
    }

    @Test
    void tenPieceRuleWhereNotationIsNotCompulsory() {
        GameSettings tenPieces = GameSettings.of(Variant.INTERNATIONAL).withAgreedDrawLimit(AgreedDrawLimit.TEN_PIECES);
        Game early = Game.from(fen("W:W31,32,33,34,35,36,37,38,39,40,41:B1,2,3,4,5,6,7,8,9,10,11"), tenPieces);
        assertTrue(early.isAgreedDrawEarly(), "11 pieces each");
        assertEquals(Result.BOTH_LOSE, early.agreeDraw().result());
        Game inTime = Game.from(fen("W:W31,32,33,34,35,36,37,38,39,40,41:B1,2,3,4,5,6,7,8,9,10"), tenPieces);
        assertFalse(inTime.isAgreedDrawEarly(), "black has 10: not more than ten each");
        assertEquals(Result.DRAW, inTime.agreeDraw().result());
        assertTrue(inTime.isBeforeMoveForty(), "the 40-move count is not what decides here");
    }

    @Test
    void plusMinusDrawCountsAKingAsTwoMen() {
        assertEquals(Optional.of(Color.WHITE), Game.from(fen("W:WK40,K35,45:B1,2"), Variant.INTERNATIONAL).plusMinusSide());
        assertEquals(Optional.empty(), Game.from(fen("W:WK40,45:B1,2"), Variant.INTERNATIONAL).plusMinusSide());
        assertEquals(Optional.of(Color.BLACK), Game.from(fen("W:W45:BK1,2,3"), Variant.INTERNATIONAL).plusMinusSide());
    }
}
