package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.move;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

/** SWR 9.2 and manual 5.2.2, each from a constructed position and a sequence of legal king moves. */
class SwrDrawRulesTest {

    /** 1 white king against 3 black kings; no capture is possible anywhere in the 40 plies. */
    static final String SIXTEEN = "46-41 1-6 41-36 2-7 36-31 3-8 31-26 7-12 26-31 6-1 31-26 1-7 26-31 7-2 31-26 2-11 "
            + "26-31 8-2 31-26 11-17 26-31 2-7 31-26 7-1 26-31 1-6 31-26 6-11 26-31 11-2 31-26 2-7 26-31 7-1 31-26 1-6 "
            + "26-31 6-11 31-26 11-16";

    static String[] plies(String moves) {
        return moves.trim().split("\\s+");
    }

    static Optional<Integer> moves(Game g, DrawRule rule) {
        return g.drawStatus().count(rule).map(MoveCount::moves);
    }

    @Test
    void sixteenMovesInOneKingAgainstThree() {
        Game g = Game.from(fen("W:WK46:BK1,K2,K3"), Variant.INTERNATIONAL);
        assertEquals(Optional.of(0), moves(g, DrawRule.SIXTEEN_MOVES));
        assertEquals(List.of(new DrawEvent(DrawEvent.Kind.COUNT_STARTED, DrawRule.SIXTEEN_MOVES, 0,
                new MoveCount(DrawRule.SIXTEEN_MOVES, 0, 0, 0))), g.drawEvents());
        String[] ps = plies(SIXTEEN);
        for (int ply = 1; ply <= 32; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(Optional.of(ply / 2), moves(g, DrawRule.SIXTEEN_MOVES), "after ply " + ply);
            assertTrue(g.drawStatus().count(DrawRule.FIVE_MOVES).isEmpty());
            assertEquals(ply == 32, g.drawStatus().isDrawn(), "drawn after ply " + ply);
            if (ply == 14) assertEquals("16-move count: 7 of 16; 25-move count: 7 of 25", g.drawStatus().toString());
        }
        assertEquals(32, g.drawStatus().drawPly());
        assertEquals(Outcome.drawBy(DrawRule.SIXTEEN_MOVES), g.outcome());
        assertEquals("1-1", g.result().pdn());
        assertTrue(g.drawEvents().contains(new DrawEvent(DrawEvent.Kind.DRAW_BY_RULE, DrawRule.SIXTEEN_MOVES, 32,
                new MoveCount(DrawRule.SIXTEEN_MOVES, 0, 32, 16))), g.drawEvents().toString());
        // play on unaware: the draw stays where it occurred, and no new event fires
        Game later = g.play(move(g, ps[32]));
        assertEquals(32, later.drawStatus().drawPly());
        assertTrue(later.drawEvents().isEmpty(), later.drawEvents().toString());
        assertEquals(g.drawEvents(), later.drawEvents(32), "events of an earlier ply can be read again");
        assertEquals(List.of(), later.drawEvents(5));
    }

    @Test
    void fiveMovesInOneKingAgainstTwo() {
        Game g = Game.from(fen("W:WK46:BK3,K4"), Variant.INTERNATIONAL);
        String[] ps = plies("46-41 3-8 41-36 4-10 36-31 8-2 31-26 2-7 26-21 7-1 21-16 1-6");
        for (int ply = 1; ply <= 10; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(Optional.of(ply / 2), moves(g, DrawRule.FIVE_MOVES), "after ply " + ply);
            assertEquals(ply == 10, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals(Outcome.drawBy(DrawRule.FIVE_MOVES), g.outcome());
    }

    @Test
    void aKingAndAManAgainstAKingCountsFiveMoves() {
        Game g = play(Game.from(fen("W:WK46:BK3,4"), Variant.INTERNATIONAL), "46-41 3-8 41-36 8-2 36-31 2-7 31-26 7-1 26-21");
        assertFalse(g.drawStatus().isDrawn());
        g = play(g, "1-6");
        assertEquals(Outcome.drawBy(DrawRule.FIVE_MOVES), g.outcome());
    }

    /** Manual 5.2.2: 3-against-1 becoming 2-against-1 after 4 moves ends 5 moves after the change. */
    @Test
    void threeAgainstOneTurningIntoTwoAfterFourMovesEndsFiveMovesLater() {
        Game g = Game.from(fen("B:WK47,K48,K49:BK5"), Variant.INTERNATIONAL);
        // black's 4th move (ply 7) takes the king white left on 14
        g = play(g, "5-10 47-36 10-4 36-41 4-9 41-14");
        assertEquals(Optional.of(3), moves(g, DrawRule.SIXTEEN_MOVES));
        g = play(g, "9x20");
        assertEquals(7, g.ply());
        assertEquals(Optional.of(0), moves(g, DrawRule.FIVE_MOVES));
        assertEquals(Optional.of(3), moves(g, DrawRule.SIXTEEN_MOVES), "the 16-move count runs on: no stacking");
        assertTrue(g.drawEvents().stream().anyMatch(e -> e.kind() == DrawEvent.Kind.COUNT_STARTED
                && e.rule() == DrawRule.FIVE_MOVES && e.ply() == 7));
        g = play(g, "48-37 20-9 37-26 9-3 26-31 3-8 31-26 8-2 26-21");
        assertEquals(16, g.ply());
        assertFalse(g.drawStatus().isDrawn());
        g = play(g, "2-7");
        assertEquals(17, g.drawStatus().drawPly(), "5 moves by both after the change at ply 7");
        assertEquals(Outcome.drawBy(DrawRule.FIVE_MOVES), g.outcome());
    }

    /** Manual 5.2.2: 16 then 5 does not extend: 2-against-1 after 13 moves still ends at 16. */
    @Test
    void sixteenThenFiveDoesNotExtend() {
        Game g = Game.from(fen("B:WK47,K48,K49:BK5"), Variant.INTERNATIONAL);
        g = play(g, "5-10 47-36 10-4 36-41 4-9 41-36 9-3 36-31 3-8 31-26 8-2 26-21 2-7 21-16 7-1 16-11 "
                + "1-6 11-7 6-1 7-2 1-6 2-16 6-17 16-11 17x6");
        assertEquals(25, g.ply());
        assertEquals(Optional.of(12), moves(g, DrawRule.SIXTEEN_MOVES));
        assertEquals(Optional.of(0), moves(g, DrawRule.FIVE_MOVES));
        g = play(g, "48-42 6-1 42-37 1-6 37-31 6-1");
        assertFalse(g.drawStatus().isDrawn(), "ply 31");
        g = play(g, "31-26");
        assertEquals(32, g.drawStatus().drawPly());
        assertEquals(Outcome.drawBy(DrawRule.SIXTEEN_MOVES), g.outcome());
        assertEquals(Optional.of(3), moves(g, DrawRule.FIVE_MOVES), "the 5-move count never got to 5");
    }

    /** Two kings and two men each: only the kings move, nobody captures. */
    static final String TWENTY_FIVE_START = "W:WK46,K50,36,31:BK5,K1,15,10";
    static final String TWENTY_FIVE = "46-41 1-6 41-37 6-1 37-32 1-6 32-27 6-1 27-21 1-6 21-16 6-1 16-11 1-6 11-7 6-1 "
            + "7-2 1-6 2-8 6-1 8-3 1-6 3-12 6-1 12-8 1-6 8-2 6-1 2-16 1-6 16-21 6-1 21-17 1-6 17-3 6-1 3-26 1-6 50-45 6-1 "
            + "26-21 1-6 21-16 6-1 16-11 1-6 11-7 6-1 7-2 1-6";

    @Test
    void twentyFiveMovesOnlyWithKings() {
        Game g = Game.from(fen(TWENTY_FIVE_START), Variant.INTERNATIONAL);
        assertTrue(g.drawStatus().counts().isEmpty(), "nothing played yet");
        String[] ps = plies(TWENTY_FIVE);
        for (int ply = 1; ply <= 50; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            assertEquals(Optional.of(ply / 2), moves(g, DrawRule.TWENTY_FIVE_MOVES), "after ply " + ply);
            assertEquals(ply == 50, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        assertEquals(Outcome.drawBy(DrawRule.TWENTY_FIVE_MOVES), g.outcome());
    }

    @Test
    void aManMoveResetsTheTwentyFiveMoveCount() {
        Game g = play(Game.from(fen(TWENTY_FIVE_START), Variant.INTERNATIONAL), "46-41 1-6 41-37 6-1 37-32 1-6");
        assertEquals(Optional.of(3), moves(g, DrawRule.TWENTY_FIVE_MOVES));
        g = play(g, "31-27");
        assertTrue(g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).isEmpty());
        g = play(g, "6-1");
        assertEquals(new MoveCount(DrawRule.TWENTY_FIVE_MOVES, 7, 1, 0), g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).get());
        g = play(g, "32-28");
        assertEquals(Optional.of(1), moves(g, DrawRule.TWENTY_FIVE_MOVES));
    }

    @Test
    void aCaptureResetsTheTwentyFiveMoveCount() {
        // black's king steps to 1, from where it must take white's man on 7 and king on 37: a king move, but a capture
        Game g = play(Game.from(fen("W:WK46,K50,36,31,7:BK6,15,20"), Variant.INTERNATIONAL), "46-41 6-1 41-37");
        assertEquals(Optional.of(1), moves(g, DrawRule.TWENTY_FIVE_MOVES));
        g = play(g, "1x46");
        assertTrue(g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).isEmpty(), "a capture stops the count");
        g = play(g, "50-44");
        assertEquals(new MoveCount(DrawRule.TWENTY_FIVE_MOVES, 4, 1, 0), g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).get());
    }

    @Test
    void anIrregularPlyCountsByWhatTheBoardShows() {
        Game g = play(Game.from(fen(TWENTY_FIVE_START), Variant.INTERNATIONAL), "46-41 1-6");
        // white's king slides sideways 41 to 42: no legal move, but still only a king moved and nothing was taken
        g = g.playIrregular(fen("B:WK42,K50,36,31:BK5,K6,15,10"));
        assertEquals(new MoveCount(DrawRule.TWENTY_FIVE_MOVES, 0, 3, 1), g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).get());
        // black's king moves and white's man on 36 leaves the board: pieces removed, the count stops
        g = g.playIrregular(fen("W:WK42,K50,31:BK5,K1,15,10"));
        assertTrue(g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).isEmpty());
        assertEquals(Variant.INTERNATIONAL.legalMoves(g.position()), g.legalMoves(), "legal play resumes");
    }

    /** White's king goes round a triangle (3 moves) while black's shuttles (2): the placement recurs with either side to move. */
    static final String TRIANGLE_START = "W:WK46,47,48,49:BK1,2,3,4";
    static final String TRIANGLE = "46-37 1-6 37-41 6-1 41-46 1-6 46-37 6-1 37-41 1-6 41-46 6-1";

    @Test
    void threefoldRepetitionWithTheSameSideToMove() {
        Game g = Game.from(fen(TRIANGLE_START), Variant.INTERNATIONAL);
        String[] ps = plies(TRIANGLE + " " + TRIANGLE);
        for (int ply = 1; ply <= 24; ply++) {
            g = g.play(move(g, ps[ply - 1]));
            int expected = ply == 24 ? 3 : ply == 12 ? 2 : ply > 12 ? 2 : 1;
            assertEquals(expected, g.repetitions(), "occurrences after ply " + ply);
            assertEquals(ply == 24, g.drawStatus().isDrawn(), "drawn after ply " + ply);
        }
        // the start placement also stood there with black to move at plies 5 and 17: those do not count
        assertEquals(g.startPosition().withSideToMove(Color.BLACK), g.plies().get(4).after());
        assertEquals(g.plies().get(4).after(), g.plies().get(16).after());
        assertEquals(Outcome.drawBy(DrawRule.REPETITION), g.outcome());
        assertEquals(24, g.drawStatus().drawPly());
        assertTrue(g.drawEvents().stream().anyMatch(e -> e.kind() == DrawEvent.Kind.DRAW_BY_RULE && e.rule() == DrawRule.REPETITION));
    }

    @Test
    void theTwentyFiveMoveCountBeginsWithAMoveByBothNotWithOneKingMove() {
        Game g = play(Game.from(fen(TWENTY_FIVE_START), Variant.INTERNATIONAL), "46-41");
        assertTrue(g.drawEvents().isEmpty(), g.drawEvents().toString());
        assertTrue(g.drawStatus().begun().isEmpty());
        g = play(g, "1-6");
        assertEquals(List.of(DrawEvent.Kind.COUNT_STARTED), g.drawEvents().stream().map(DrawEvent::kind).toList());
        assertEquals(1, g.drawEvents().get(0).count().moves());
        assertEquals(2, g.drawEvents().get(0).ply());
        g = play(g, "41-37");
        assertTrue(g.drawEvents().isEmpty(), "running on, not starting again");
        assertEquals(1, g.drawStatus().begun().size());
    }
}
