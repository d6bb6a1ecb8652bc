package org.damrelay.emulator;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

/** The board dynamics of dgt-board.md must follow from sampling field by field, not from scripted events. */
class ScannerTest {
    private static final double PERIOD = 200; // 2 ms per field, phase 0: field f of scan k at 200k + 2f

    private static List<BoardEvent.FieldChanged> scan(PhysicalBoard b) {
        return new Scanner(PERIOD, 0, 1).scan(b, b.now() + 1000).stream().map(Scanner.Sample::event).toList();
    }

    private static int index(List<BoardEvent.FieldChanged> events, int field, Sensed now) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).field() == field && events.get(i).now() == now) return i;
        }
        return -1;
    }

    @Test
    void destinationIsReportedBeforeTheOriginEmptiesWhenBothChangeWithinOneScan() {
        PhysicalBoard b = new PhysicalBoard(Position.start(), false);
        // 32-28: origin field 63 (sampled at 126 ms), destination field 54 (sampled at 108 ms).
        assertEquals(63, Fields.ofSquare(32));
        assertEquals(54, Fields.ofSquare(28));
        b.advance(100);
        b.lift(32);
        b.advance(5);
        b.put(28, Sensed.WHITE_MAN);
        List<BoardEvent.FieldChanged> events = scan(b);
        assertEquals(List.of(new BoardEvent.FieldChanged(108, 54, Sensed.WHITE_MAN),
                new BoardEvent.FieldChanged(126, 63, Sensed.EMPTY)), events);
    }

    @Test
    void aPieceMovedDuringOneScanIsSeenOnBothSquaresUntilTheNextScan() {
        PhysicalBoard b = new PhysicalBoard(Position.start().withSideToMove(Color.BLACK), false);
        // 19-23: origin field 36 sampled at 72 ms (before the lift), destination 45 at 90 ms (after the put).
        b.advance(80);
        b.lift(19);
        b.advance(5);
        b.put(23, Sensed.BLACK_MAN);
        List<BoardEvent.FieldChanged> events = scan(b);
        assertEquals(new BoardEvent.FieldChanged(90, 45, Sensed.BLACK_MAN), events.get(0));
        assertEquals(new BoardEvent.FieldChanged(272, 36, Sensed.EMPTY), events.get(1));
    }

    @Test
    void aChangeShorterThanTheGapBetweenTwoSamplesIsNotSeen() {
        PhysicalBoard b = new PhysicalBoard(Position.start(), false);
        b.advance(130); // field 63 is sampled at 126 and 326
        Sensed p = b.lift(32);
        b.advance(150);
        b.put(32, p);
        assertTrue(scan(b).isEmpty());
    }

    @Test
    void aDraggedKingIsReportedOnTheSquaresItPasses() {
        Position p = Position.of(Map.of(46, Piece.WHITE_KING, 1, Piece.BLACK_MAN), Color.WHITE);
        PhysicalBoard b = new PhysicalBoard(p, false);
        Hand hand = new Hand(b, Timing.human(), new SplittableRandom(3), PERIOD);
        hand.play(Move.quiet(46, 5), PlyPlan.clean().withDrag(true), Color.WHITE);
        List<Integer> passed = List.of(41, 37, 32, 28, 23, 19, 14, 10);
        long seenPassing = scan(b).stream()
                .filter(e -> e.now() == Sensed.WHITE_KING && passed.contains(Fields.squareOf(e.field()))).count();
        assertTrue(seenPassing >= 2, "a dragged king shows on some passed squares, saw " + seenPassing);
        // Without the drag it is lifted and put: nothing between.
        PhysicalBoard clean = new PhysicalBoard(p, false);
        new Hand(clean, Timing.human(), new SplittableRandom(3), PERIOD).play(Move.quiet(46, 5), PlyPlan.clean(), Color.WHITE);
        assertTrue(scan(clean).stream().noneMatch(e -> passed.contains(Fields.squareOf(e.field()))));
    }

    @Test
    void aMultiCaptureIsShownStepByStepWhenPutDownOnEachLandingSquare() {
        // White man on 46 takes 41, 32 and 22: 46x37x28x17? build: 46 jumps 41 to 37? (41 is adjacent NE of 46? no)
        Position p = Position.of(Map.of(45, Piece.WHITE_MAN, 40, Piece.BLACK_MAN, 29, Piece.BLACK_MAN, 19, Piece.BLACK_MAN), Color.WHITE);
        Move capture = Variant.INTERNATIONAL.legalMoves(p).stream().filter(Move::isCapture).findFirst().orElseThrow();
        assertEquals(3, capture.captureCount(), "test position: a three-piece capture, got " + capture.path());
        PhysicalBoard b = new PhysicalBoard(p, false);
        new Hand(b, Timing.human(), new SplittableRandom(5), PERIOD).play(capture, PlyPlan.clean().withSteps(true), Color.WHITE);
        List<BoardEvent.FieldChanged> events = scan(b);
        List<Integer> path = capture.path();
        int last = -1;
        for (int i = 1; i < path.size(); i++) {
            int at = index(events, Fields.ofSquare(path.get(i)), Sensed.WHITE_MAN);
            assertTrue(at > last, "landing square " + path.get(i) + " reported in order: " + events);
            last = at;
        }
        // Captured pieces leave after the capturing piece has arrived, in path order.
        int previous = last;
        for (int s : CaptureGeometry.capturedInOrder(capture)) {
            int at = index(events, Fields.ofSquare(s), Sensed.EMPTY);
            assertTrue(at > previous, "captured " + s + " removed after arrival, in order");
            previous = at;
        }
    }

    @Test
    void aTurnedBoardReportsTheOppositeField() {
        PhysicalBoard straight = new PhysicalBoard(Position.start(), false);
        PhysicalBoard turned = new PhysicalBoard(Position.start(), true);
        for (PhysicalBoard b : List.of(straight, turned)) {
            b.advance(50);
            Sensed p = b.lift(32);
            b.advance(300);
            b.put(28, p);
        }
        List<BoardEvent.FieldChanged> a = scan(straight), t = scan(turned);
        assertEquals(a.stream().map(e -> 99 - e.field()).sorted().toList(), t.stream().map(BoardEvent.FieldChanged::field).sorted().toList());
        assertEquals(Sensed.WHITE_MAN, turned.initialFields()[99 - Fields.ofSquare(50)]);
        assertEquals(Sensed.BLACK_MAN, turned.initialFields()[99 - Fields.ofSquare(1)]);
    }

    @Test
    void turningTheBoardMidGameReReportsEveryField() {
        PhysicalBoard b = new PhysicalBoard(Position.start(), false);
        b.advance(500);
        b.turn();
        Sensed[] before = b.initialFields();
        List<BoardEvent.FieldChanged> events = scan(b);
        for (BoardEvent.FieldChanged e : events) assertEquals(before[99 - e.field()], e.now());
        assertEquals(40, events.size(), "square s now lies on the field of 51-s: each man's field now holds the other colour");
    }

    @Test
    void anUnknownCodeGlitchIsReadForExactlyOneScan() {
        PhysicalBoard b = new PhysicalBoard(Position.start(), false);
        b.advance(500);
        b.glitch(32, PhysicalBoard.Glitch.Kind.UNKNOWN_CODE, PERIOD, 1);
        List<BoardEvent.FieldChanged> events = scan(b);
        assertEquals(2, events.size());
        assertEquals(Sensed.UNKNOWN, events.get(0).now());
        assertEquals(Sensed.WHITE_MAN, events.get(1).now());
        assertEquals(PERIOD, events.get(1).t() - events.get(0).t(), 1.0);
    }
}
