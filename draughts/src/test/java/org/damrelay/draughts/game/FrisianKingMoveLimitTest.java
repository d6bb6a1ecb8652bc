package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/** Frisian art. 17: at most three non-capturing moves in a row with the same king while the side has men. */
class FrisianKingMoveLimitTest {

    private static Set<String> moves(Game g) {
        return g.legalMoves().stream().map(Move::toString).collect(Collectors.toSet());
    }

    /** Reaches test-positions F10 (W:W27,K19:BK49) with white's king having just made three moves, 21-26-8-19. */
    private static Game f10() {
        return play(Game.from(fen("W:W27,K21:BK29"), Variant.FRISIAN), "21-26 29-34 26-8 34-40 8-19 40-49");
    }

    @Test
    void f10OnlyTheManMayMove() {
        Game g = f10();
        assertEquals(fen("W:W27,K19:BK49"), g.position());
        assertEquals(3, g.kingRuns().moves(Color.WHITE));
        assertEquals(Set.of("27-21", "27-22"), moves(g));
    }

    @Test
    void withoutTheHistoryTheKingMayMove() {
        Game g = Game.from(fen("W:W27,K19:BK49"), Variant.FRISIAN);
        assertTrue(moves(g).contains("19-14"), moves(g).toString());
    }

    @Test
    void aFourthKingMoveIsRejectedNamingTheArticle() {
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> f10().play(Move.quiet(19, 14)));
        assertTrue(e.getMessage().contains("19-14"), e.getMessage());
        assertTrue(e.getMessage().contains("art. 17"), e.getMessage());
    }

    @Test
    void theKingMayStillCaptureAndThatLiftsTheLimit() {
        // art. 17: "er mag dan wel een slag volgen met dezelfde dam"
        Game g = play(Game.from(fen("W:W27,K21:BK29"), Variant.FRISIAN), "21-26 29-34 26-8 34-40 8-19 40-18");
        assertEquals(19, g.kingRuns().blockedKing(g.position()));
        assertEquals(Set.of("19x17", "19x16"), moves(g));
        g = play(g, "19x16");
        assertEquals(0, g.kingRuns().moves(Color.WHITE));
    }

    @Test
    void aManMoveLiftsTheLimit() {
        // white's king goes 8-2-7-1 after the other king's move: three in a row, then a man move frees it
        Game g = play(Game.from(fen("W:W27,K21,K5:BK29"), Variant.FRISIAN),
                "21-26 29-34 26-8 34-40 5-10 40-45 8-2 45-50 2-7 50-45 7-1 45-50");
        assertEquals(1, g.kingRuns().blockedKing(g.position()));
        assertTrue(moves(g).stream().noneMatch(m -> m.startsWith("1-")), moves(g).toString());
        assertTrue(moves(g).contains("10-4"), "the other king may move: " + moves(g));
        g = play(g, "27-21 50-45");
        assertEquals(0, g.kingRuns().blockedKing(g.position()));
        assertTrue(moves(g).contains("1-6"), moves(g).toString());
    }

    @Test
    void twoMovesThenAnotherKingDoesNotCount() {
        // the second king's move breaks the run: the first king starts again from one
        Game g = play(Game.from(fen("W:W27,K21,K5:BK29"), Variant.FRISIAN),
                "21-26 29-34 26-8 34-40 5-10 40-45 8-2 45-50 2-7 50-45");
        assertEquals(7, g.kingRuns().square(Color.WHITE));
        assertEquals(2, g.kingRuns().moves(Color.WHITE));
        assertTrue(moves(g).contains("7-1"), moves(g).toString());
    }

    @Test
    void aSideWithOnlyKingsIsNotBound() {
        Game g = play(Game.from(fen("W:WK21:BK29,6"), Variant.FRISIAN), "21-26 29-34 26-8 34-40 8-19 40-49");
        assertEquals(3, g.kingRuns().moves(Color.WHITE));
        assertTrue(moves(g).contains("19-13"), moves(g).toString());
    }

    @Test
    void internationalHasNoSuchLimit() {
        Game g = play(Game.from(fen("W:W27,K21:BK29"), Variant.INTERNATIONAL), "21-26 29-34 26-8 34-40 8-19 40-49");
        assertTrue(moves(g).contains("19-14"), moves(g).toString());
    }
}
