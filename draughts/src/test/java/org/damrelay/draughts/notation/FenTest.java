package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FenTest {

    @Test
    void startPositionBothWays() {
        assertEquals(Position.start(), Fen.parse("W:W31-50:B1-20"));
        assertEquals("W:W31-50:B1-20", Fen.write(Position.start()));
    }

    @Test
    void kingsListsAndSideToMove() {
        Position p = Fen.parse("B:WK47,3:B14,K19");
        assertEquals(Color.BLACK, p.sideToMove());
        assertEquals(Piece.WHITE_KING, p.pieceAt(47));
        assertEquals(Piece.WHITE_MAN, p.pieceAt(3));
        assertEquals(Piece.BLACK_MAN, p.pieceAt(14));
        assertEquals(Piece.BLACK_KING, p.pieceAt(19));
        assertEquals(4, p.pieceMap().size());
    }

    @Test
    void kingRangesInBothSpellings() {
        Position expected = Position.empty(Color.WHITE).with(1, Piece.BLACK_KING).with(2, Piece.BLACK_KING).with(3, Piece.BLACK_KING);
        assertEquals(expected, Fen.parse("W:W:BK1-3"));
        assertEquals(expected, Fen.parse("W:W:BK1-K3"));
        assertEquals("W:W:BK1-3", Fen.write(expected));
    }

    @ParameterizedTest(name = "\"{0}\" reads as \"{1}\"")
    @CsvSource(delimiter = '|', value = {
            "W:W:B1 | W:W:B1",
            "B:W28:B | B:W28:B",
            "W:W31-50:B1-20. | W:W31-50:B1-20",
            "W:W31-50:B1-20:H0:F1 | W:W31-50:B1-20",
            "w:w32, 33 ,34:b2 | W:W32-34:B2",
            "W:B1-20:W31-50 | W:W31-50:B1-20",
            "W:W50,49,31,32:B | W:W31,32,49,50:B",
            "W:W1,2,K3,4,5:B | W:W1,2,K3,4,5:B",
            "W:WK47:B14,19 | W:WK47:B14,19",
    })
    void lenientReadCanonicalWrite(String input, String canonical) {
        assertEquals(canonical, Fen.write(Fen.parse(input)));
    }

    @Test
    void whitespaceAndLineEndsAreIgnored() {
        assertEquals(Position.start(), Fen.parse(" W : W31-50 : B1-20 \r\n"));
        assertEquals(Position.start(), Fen.parse("W:W31 - 50:B 1-20\t"));
    }

    @ParameterizedTest(name = "\"{0}\" fails naming \"{1}\"")
    @CsvSource(delimiter = '|', value = {
            "W:W51 | square 51 out of range in \"W:W51\"",
            "W:W0:B1 | square 0 out of range in \"W:W0:B1\"",
            "X:W31:B1 | side to move \"X\" is neither W nor B",
            "W:W31,31:B1 | square 31 given twice",
            "W:W31:B31 | square 31 given twice",
            "W:W3a:B1 | bad square \"3a\"",
            "W:W40-31:B1 | range \"40-31\" runs backwards",
            "W:W31,,32:B1 | empty square entry",
            "W:W31:B1:W32 | second white field \"W32\"",
            "'' | side to move \"\" is neither W nor B",
    })
    void badFenNamesTheOffendingPart(String input, String expectedPart) {
        FenException e = assertThrows(FenException.class, () -> Fen.parse(input));
        assertTrue(e.getMessage().contains(expectedPart), e.getMessage());
    }

    @Test
    void roundTripOfRandomReachablePositions() {
        Random random = new Random(20261121);
        int checked = 0;
        for (Variant variant : Variant.values()) {
            for (int game = 0; game < 40; game++) {
                Position p = Position.start();
                for (int ply = 0; ply < 150; ply++) {
                    assertEquals(p, Fen.parse(Fen.write(p)), Fen.write(p));
                    checked++;
                    List<Move> moves = variant.legalMoves(p);
                    if (moves.isEmpty()) break;
                    p = p.apply(moves.get(random.nextInt(moves.size())));
                }
            }
        }
        assertTrue(checked > 1000, "too few positions: " + checked);
    }
}
