package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/** A game resumed from an adjourned position with its draw counts already running. */
class AdjournedGameTest {

    static final GameSettings SWR = GameSettings.of(Variant.INTERNATIONAL);

    @Test
    void sixteenMoveCountRunsOnFromWhereItStood() {
        Game g = Game.from(fen("W:WK46:BK1,K2,K3"), SWR, Map.of(DrawRule.SIXTEEN_MOVES, 9));
        assertEquals(Optional.of(9), g.drawStatus().count(DrawRule.SIXTEEN_MOVES).map(MoveCount::moves));
        String[] ps = SwrDrawRulesTest.plies(SwrDrawRulesTest.SIXTEEN);
        for (int ply = 1; ply <= 14; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(ply == 14, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals(Outcome.drawBy(DrawRule.SIXTEEN_MOVES), g.outcome());
        assertEquals("16 of 16", g.drawStatus().count(DrawRule.SIXTEEN_MOVES).map(c -> c.moves() + " of " + c.limit()).orElseThrow());
    }

    @Test
    void withBlackToMoveWhitesHalfOfTheMoveIsPlayed() {
        Game g = Game.from(fen("B:WK46:BK1,K2,K3"), SWR, Map.of(DrawRule.SIXTEEN_MOVES, 9));
        g = g.play(move(g, "1-6"));
        assertEquals(Optional.of(10), g.drawStatus().count(DrawRule.SIXTEEN_MOVES).map(MoveCount::moves));
    }

    @Test
    void countsNotGivenStartAsThePositionStartsThem() {
        Game g = Game.from(fen("W:WK46:BK1,K2,K3"), SWR, Map.of());
        assertEquals(Game.from(fen("W:WK46:BK1,K2,K3"), SWR).drawStatus(), g.drawStatus());
    }

    @Test
    void aCountThatCannotRunThereIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Game.from(fen("W:W31,32,33:B18,19,20"), SWR, Map.of(DrawRule.SIXTEEN_MOVES, 3)));
        assertTrue(e.getMessage().contains("16-move count (SWR 9.2a) does not run"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Game.from(fen("W:WK46:BK1,K2,K3"), SWR, Map.of(DrawRule.SIXTEEN_MOVES, 16)));
        assertTrue(e.getMessage().contains("0 to 15 moves, not 16"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Game.from(fen("W:WK46:BK1,K2,K3"), SWR, Map.of(DrawRule.ZWH_KINGS_ENDGAME, 3)));
        assertTrue(e.getMessage().contains("not a count of the SWR rules"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Game.from(fen("W:W31,32:B18,19"), SWR, Map.of(DrawRule.TWENTY_FIVE_MOVES, 3)));
        assertTrue(e.getMessage().contains("there is no king"), e.getMessage());
    }

    @Test
    void settingsAsAPairingWritesThem() {
        GameSettings s = GameSettings.parse("international", "zwh", "ten_pieces", "40/7200:3600+30", "bronstein");
        assertEquals(DrawRules.ZWH, s.drawRules());
        assertEquals(AgreedDrawLimit.TEN_PIECES, s.agreedDrawLimit());
        assertEquals("40/7200:3600+30", s.timeControl().tag());
        assertEquals(TimeControl.IncrementKind.BRONSTEIN, s.timeControl().incrementKind());
        assertEquals(GameSettings.of(Variant.FRISIAN), GameSettings.parse("frisian", "", null, " ", ""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GameSettings.parse("international", "fide", "", "", ""));
        assertEquals("unknown draw rules \"fide\" (SWR, ZWH, FRISIAN)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> GameSettings.parse("", "", "", "", "bronstein"));
        assertEquals("increment bronstein given without a time control", e.getMessage());
    }
}
