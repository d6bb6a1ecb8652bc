package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

class GameTest {

    @Test
    void playsLegalMovesAndKeepsHistory() {
        Game g = play(Game.start(Variant.INTERNATIONAL), "32-28 19-23 28x19 14x23");
        assertEquals(4, g.ply());
        assertEquals(Color.WHITE, g.sideToMove());
        assertEquals(Color.BLACK, g.plies().get(1).mover());
        assertEquals(Position.start(), g.startPosition());
        assertEquals(Position.start(), g.positionBefore(1));
        assertEquals(g.plies().get(0).after(), g.positionBefore(2));
        assertEquals(Piece.BLACK_MAN, g.position().pieceAt(23));
        assertEquals(19, Long.bitCount(g.position().pieces(Color.WHITE)));
        assertEquals(Result.ONGOING, g.result());
    }

    @Test
    void illegalMoveNamesTheMoveAndThePosition() {
        Game g = Game.start(Variant.INTERNATIONAL);
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(Move.quiet(32, 23)));
        assertTrue(e.getMessage().contains("32-23"), e.getMessage());
        assertTrue(e.getMessage().contains(Position.start().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("31-26"), "lists the legal moves: " + e.getMessage());
        assertEquals(Move.quiet(32, 23), e.move());
        assertEquals(0, g.ply(), "the game value is unchanged");
    }

    @Test
    void aNonCaptureWhenACaptureIsCompulsoryIsIllegal() {
        Game g = play(Game.start(Variant.INTERNATIONAL), "32-28 19-23");
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(Move.quiet(31, 27)));
        assertTrue(e.getMessage().contains("28x19"), e.getMessage());
    }

    @Test
    void irregularPlyContinuesFromAnUnreachablePosition() {
        Game g = play(Game.start(Variant.INTERNATIONAL), "32-28");
        // black plays 19-23 and also takes white's man on 28 away: no legal move does that
        Position after = g.position().apply(Move.quiet(19, 23)).with(28, null);
        assertFalse(g.legalMoves().stream().anyMatch(m -> g.position().apply(m).equals(after)));
        Game irregular = g.playIrregular(after);
        assertEquals(2, irregular.ply());
        assertTrue(irregular.plies().get(1).isIrregular());
        assertNull(irregular.plies().get(1).move());
        assertEquals(Color.BLACK, irregular.plies().get(1).mover());
        assertEquals(after, irregular.position());
        assertEquals(Variant.INTERNATIONAL.legalMoves(after), irregular.legalMoves());
        Game resumed = play(irregular, "33-28 23x32 37x28");
        assertEquals(5, resumed.ply());
        assertFalse(resumed.plies().get(4).isIrregular());
        assertEquals(Piece.WHITE_MAN, resumed.position().pieceAt(28));
    }

    @Test
    void irregularPlyThatChangesNothingIsRefused() {
        Game g = Game.start(Variant.INTERNATIONAL);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.playIrregular(g.position()));
        assertTrue(e.getMessage().contains("changes nothing"), e.getMessage());
    }

    @Test
    void undoAndTruncateTakeBack() {
        Game g = play(Game.start(Variant.INTERNATIONAL), "32-28 19-23 28x19");
        Game undone = g.undo();
        assertEquals(2, undone.ply());
        assertEquals(g.positionBefore(3), undone.position());
        assertEquals("[28x19]", undone.legalMoves().toString(), "the compulsory capture is back");
        assertEquals(Position.start(), g.truncate(0).position());
        assertEquals(g.plies().get(0).after(), g.truncate(1).position());
        assertSame(g, g.truncate(3));
        assertThrows(IllegalArgumentException.class, () -> g.truncate(4));
        assertThrows(IllegalStateException.class, () -> Game.start(Variant.INTERNATIONAL).undo());
        // a takeback and another move: the history follows the board
        Game other = play(undone, "28x19");
        assertEquals(g.position(), other.position());
    }

    @Test
    void sideWithoutLegalMoveLoses() {
        // white's man on 46 is blocked by black men on 41 and 37 (SWR 8.1)
        Game g = Game.from(fen("W:W46:B41,37"), Variant.INTERNATIONAL);
        assertTrue(g.legalMoves().isEmpty());
        assertEquals(new Outcome(Result.BLACK_WINS, Termination.NO_LEGAL_MOVES, null), g.outcome());
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(Move.quiet(46, 41)));
        assertTrue(e.getMessage().contains("no legal move"), e.getMessage());
    }

    @Test
    void capturingTheLastPieceWins() {
        Game g = play(Game.from(fen("W:W28:B23"), Variant.INTERNATIONAL), "28x19");
        assertEquals(Result.WHITE_WINS, g.result());
        assertEquals(Termination.NO_LEGAL_MOVES, g.outcome().termination());
        assertEquals("2-0", g.result().pdn());
    }

    @Test
    void resignationEndsTheGame() {
        Game g = Game.start(Variant.INTERNATIONAL).resign(Color.WHITE);
        assertEquals(Result.BLACK_WINS, g.result());
        assertEquals(Termination.RESIGNATION, g.outcome().termination());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.play(Move.quiet(32, 28)));
        assertTrue(e.getMessage().contains("0-2"), e.getMessage());
        Game corrected = g.undo(); // a result entered by mistake is taken back first
        assertEquals(Result.ONGOING, corrected.result());
        assertEquals(1, corrected.play(Move.quiet(32, 28)).ply());
    }
}
