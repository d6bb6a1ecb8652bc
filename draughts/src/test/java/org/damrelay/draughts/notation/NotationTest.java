package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

class NotationTest {
    private static final Position ROW_A = Fen.parse("W:WK47:B14,19,29,31,42");

    @Test
    void ambiguousCapturesGetTheLongFormOfTheSpec() {
        Set<String> written = Variant.INTERNATIONAL.legalMoves(ROW_A).stream()
                .map(m -> Notation.of(ROW_A, m, Variant.INTERNATIONAL)).collect(Collectors.toSet());
        assertEquals(Set.of("47x38x24x13x36", "47x38x20x9x36"), written);
    }

    @Test
    void longFormReadsBackToTheSameMove() {
        for (Move m : Variant.INTERNATIONAL.legalMoves(ROW_A)) {
            assertEquals(m, Notation.resolve(ROW_A, Variant.INTERNATIONAL, Notation.of(ROW_A, m, Variant.INTERNATIONAL)));
        }
    }

    @Test
    void unambiguousMovesGetTheShortForm() {
        Position p = Position.start();
        assertEquals("32-28", Notation.of(p, Move.quiet(32, 28), Variant.INTERNATIONAL));
        Position multi = Fen.parse("W:W15:B8,19,20");
        Move m = Variant.INTERNATIONAL.legalMoves(multi).get(0);
        assertEquals("15x2", Notation.of(multi, m, Variant.INTERNATIONAL));
    }

    @Test
    void straightThroughCaptureNamesTheSquareRightBehindThePiece() {
        // The king takes 37 and 23 on one diagonal: the intermediate square is 32, right behind 37.
        Position p = Fen.parse("W:WK46:B23,37");
        Move m = Notation.resolve(p, Variant.INTERNATIONAL, "46x5");
        assertEquals(List.of(32), CaptureRoute.waypoints(m));
        assertEquals("46x32x5", Notation.longForm(m));
        // Any square it may stop on between the two pieces names the same move; one before 37 does not.
        assertEquals(m, Notation.resolve(p, Variant.INTERNATIONAL, "46x28x5"));
        NotationException e = assertThrows(NotationException.class, () -> Notation.resolve(p, Variant.INTERNATIONAL, "46x41x5"));
        assertEquals(NotationException.Reason.ILLEGAL, e.reason());
    }

    @Test
    void aRoundCaptureMayBeNamedInEitherDirection() {
        // The king on 22 takes 18, 10, 20 and 28 going round, one way or the other: one move.
        Position p = Fen.parse("W:WK22:B2,10,18,20,28,36");
        Move clockwise = Notation.resolve(p, Variant.INTERNATIONAL, "22x4x15x33x22");
        Move anticlockwise = Notation.resolve(p, Variant.INTERNATIONAL, "22x33x15x4x22");
        assertEquals(clockwise, anticlockwise);
        assertEquals(List.of(10, 18, 20, 28), clockwise.capturedSquares());
        assertEquals("22x22", Notation.of(p, clockwise, Variant.INTERNATIONAL));
        assertEquals(2, CaptureRoute.routes(p, Variant.INTERNATIONAL, clockwise).stream()
                .map(CaptureRoute::waypoints).distinct().count());
    }

    @Test
    void squaresPassedFollowTheWholeRoute() {
        Move m = Notation.resolve(ROW_A, Variant.INTERNATIONAL, "47x38x24x13x36");
        assertEquals(List.of(42, 38, 33, 29, 24, 19, 13, 18, 22, 27, 31, 36), CaptureRoute.squaresPassed(m));
    }

    @Test
    void frisianOrthogonalCaptureHasARoute() {
        Position p = Fen.parse("W:W28:B18");
        Move m = Notation.resolve(p, Variant.FRISIAN, "28x8");
        assertEquals(List.of(18, 8), CaptureRoute.squaresPassed(m));
        assertEquals("28x8", Notation.of(p, m, Variant.FRISIAN));
    }

    @Test
    void refusalsSayWhy() {
        Position p = Position.start();
        assertReason(NotationException.Reason.ILLEGAL, "\"32-26\" is not a legal move", p, "32-26");
        assertReason(NotationException.Reason.MALFORMED, "\"32\" is not a move", p, "32");
        assertReason(NotationException.Reason.MALFORMED, "\"32-\" is not a move", p, "32-");
        assertReason(NotationException.Reason.MALFORMED, "square 0 out of range in \"32-0\"", p, "32-0");
        assertReason(NotationException.Reason.AMBIGUOUS, "\"47x36\" is ambiguous", ROW_A, "47x36");
    }

    @Test
    void separatorsAndBlanksAreAccepted() {
        Position p = Position.start();
        assertEquals(Move.quiet(32, 28), Notation.resolve(p, Variant.INTERNATIONAL, "32:28"));
        assertEquals(Move.quiet(32, 28), Notation.resolve(p, Variant.INTERNATIONAL, " 32 - 28 "));
        Position capture = Fen.parse("W:W28,32:B23");
        assertTrue(Notation.resolve(capture, Variant.INTERNATIONAL, "28x19").captures(23));
    }

    @Test
    void everyMoveOfRandomPositionsReadsBackFromItsNotation() {
        // Random placements with kings give long king captures and ambiguous ones far more often than games do.
        Random random = new Random(5147301);
        int ambiguous = 0, checked = 0, otherRoutes = 0;
        for (int i = 0; i < 3000; i++) {
            Variant variant = i % 2 == 0 ? Variant.INTERNATIONAL : Variant.FRISIAN;
            Position p = randomPosition(random);
            for (Move m : variant.legalMoves(p)) {
                String text = Notation.of(p, m, variant);
                if (!text.equals(Notation.shortForm(m))) ambiguous++;
                assertEquals(m, Notation.resolve(p, variant, text), Fen.write(p) + " " + text);
                if (m.isCapture()) {
                    assertEquals(m, Notation.resolve(p, variant, Notation.longForm(m)), Fen.write(p));
                    List<Move> routes = CaptureRoute.routes(p, variant, m);
                    assertTrue(routes.stream().anyMatch(r -> r.path().equals(m.path())), Fen.write(p) + " " + m.path());
                    for (Move route : routes) {
                        // Another program may name any route of the same move.
                        assertEquals(m, Notation.resolve(p, variant, Notation.longForm(route)), Fen.write(p) + " " + route.path());
                        if (!route.path().equals(m.path())) otherRoutes++;
                    }
                }
                checked++;
            }
        }
        assertTrue(checked > 10_000, "moves checked: " + checked);
        assertTrue(ambiguous > 0, "no ambiguous capture met");
        assertTrue(otherRoutes > 0, "no capture with a second route met");
    }

    private static Position randomPosition(Random random) {
        Position p = Position.empty(random.nextBoolean() ? Color.WHITE : Color.BLACK);
        Piece[] kinds = Piece.values();
        int pieces = 4 + random.nextInt(14);
        for (int k = 0; k < pieces; k++) {
            int square = 1 + random.nextInt(Squares.COUNT);
            Piece piece = kinds[random.nextInt(kinds.length)];
            // Men never stand on their own promotion row.
            if (!piece.isKing() && Squares.isPromotionSquare(square, piece.color())) continue;
            p = p.with(square, piece);
        }
        return p;
    }

    private static void assertReason(NotationException.Reason reason, String message, Position p, String text) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.resolve(p, Variant.INTERNATIONAL, text));
        assertEquals(reason, e.reason());
        assertEquals(text, e.moveText());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
