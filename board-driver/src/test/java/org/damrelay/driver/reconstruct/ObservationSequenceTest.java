package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

/** Hand-written observation sequences: what real boards report while people play (dgt-board.md). */
class ObservationSequenceTest {

    /** White's three-piece capture 37x8 over 32, 22, 12 (landing on 28 and 17); black keeps 25. */
    private static final String TRIPLE = "W:W37,46:B12,22,25,32";

    @Test
    void quietMoveSeenOnBothSquaresInOneScanCommitsOnThePress() {
        Recorded r = Recorded.start();
        r.hand.lift(32).put(28).press();
        long pressedAt = r.hand.now() - 100;
        r.hand.settle();
        r.assertSummary("MOVE 1 32-28");
        ArbiterEvent move = r.events.get(0);
        assertEquals(Color.WHITE, move.side());
        assertTrue(move.t() >= r.hand.lastPhysicalChange() && move.t() <= pressedAt + 250, "committed at " + move.t());
    }

    @Test
    void destinationReportedBeforeOriginIsOneMove() {
        Recorded r = Recorded.start();
        Reconstructor rc = r.reconstructor;
        long t = r.hand.now();
        rc.onFieldChange(t, Orientation.NORMAL.field(28), Sensed.WHITE_MAN);
        rc.onFieldChange(t + 3, Orientation.NORMAL.field(32), Sensed.EMPTY);
        rc.tick(t + 2000);
        r.assertSummary("MOVE 1 32-28");
        assertEquals(t + 3 + 450, r.events.get(0).t(), "committed one settle window after the last change");
    }

    @Test
    void multiCaptureLandingOnEachSquareWithPiecesRemovedInOrder() {
        Recorded r = Recorded.from(TRIPLE);
        r.hand.lift(37).put(28).lift(28).put(17).lift(17).put(8).remove(32, 22, 12).press().settle();
        r.assertSummary("MOVE 1 37x8");
        assertEquals(List.of(37, 28, 17, 8), r.events.get(0).squares());
    }

    @Test
    void multiCaptureRemovedInReverseOrder() {
        Recorded r = Recorded.from(TRIPLE);
        r.hand.move(37, 8).waitMs(300).remove(12).waitMs(600).remove(22).waitMs(600).remove(32).press().settle();
        r.assertSummary("MOVE 1 37x8");
    }

    @Test
    void multiCaptureRemovedCrissCrossIsReportedAsExecution() {
        Recorded r = Recorded.from(TRIPLE);
        r.hand.move(37, 8).waitMs(300).remove(22).waitMs(600).remove(12).waitMs(600).remove(32).press().settle();
        r.assertSummary("MOVE 1 37x8", "CAPTURE_EXECUTION 1");
        assertEquals(List.of(32, 22, 12), r.only(EventType.CAPTURE_EXECUTION).squares());
    }

    @Test
    void singleCaptureByAManWithTheCapturedPieceTakenOffFirst() {
        Recorded r = Recorded.from("W:W32,46:B25,28");
        r.hand.remove(28).waitMs(300).move(32, 23).press().settle();
        r.assertSummary("MOVE 1 32x23");
    }

    @Test
    void capturedPiecesRemovedLateAfterThePress() {
        Recorded r = Recorded.from(TRIPLE);
        r.hand.move(37, 8).press().waitMs(800).remove(32, 22, 12).settle();
        // the capture goes out as the board shows it complete; the press that came before that is told at its judgement
        r.assertSummary("MOVE 1 37x8", "INCOMPLETE_MOVE 1", "CAPTURE_EXECUTION 1");
        assertEquals(List.of(37, 8, 12, 22, 32), r.only(EventType.INCOMPLETE_MOVE).squares());
    }

    @Test
    void kingDraggedAcrossSquaresIsOneMove() {
        Recorded r = Recorded.from("W:WK46,47,48,49,50:B1,2,3,4,5");
        r.hand.lift(46).put(41).lift(41).put(37).lift(37).put(32).lift(32).put(28).press().settle();
        r.assertSummary("MOVE 1 46-28"); // one king move starts no 25-move count (SWR 9.2d counts moves by both)
    }

    @Test
    void kingDraggedWithoutPressIsOneMoveToo() {
        Recorded r = Recorded.from("W:WK46,47,48,49,50:B1,2,3,4,5");
        r.hand.lift(46).put(41).lift(41).put(37).lift(37).put(32).lift(32).put(28).settle();
        r.assertSummary("MOVE 1 46-28"); // one king move starts no 25-move count (SWR 9.2d counts moves by both)
    }

    private static final String PROMOTE = "W:W7,46,47,48,49:B11,15,16";

    @Test
    void promotionCrownedAtOnce() {
        Recorded r = Recorded.from(PROMOTE);
        r.hand.move(7, 2).crown(2).press().settle();
        r.assertSummary("MOVE 1 7-2");
        assertEquals(Piece.WHITE_KING, r.position().pieceAt(2));
    }

    @Test
    void promotionCrownedAfterTheClock() {
        Recorded r = Recorded.from(PROMOTE);
        r.hand.move(7, 2).press().waitMs(500).crown(2).settle();
        r.assertSummary("MOVE 1 7-2", "KING_CROWNED 1");
    }

    @Test
    void promotionCrownedAfterTheOpponentsReply() {
        Recorded r = Recorded.from(PROMOTE);
        r.hand.move(7, 2).press().settle().move(15, 20).press().settle().crown(2).settle();
        r.assertSummary("MOVE 1 7-2", "MOVE 2 15-20", "UNCROWNED_KING 2", "KING_CROWNED 2");
        assertEquals(List.of(2), r.only(EventType.UNCROWNED_KING).squares());
        assertEquals(Color.WHITE, r.only(EventType.UNCROWNED_KING).side());
    }

    @Test
    void promotionNeverCrownedAndPlayedAsAKing() {
        Recorded r = Recorded.from(PROMOTE);
        r.hand.move(7, 2).press().settle().move(15, 20).press().settle().move(2, 13).press().settle()
                .move(11, 17).press().settle();
        r.assertSummary("MOVE 1 7-2", "MOVE 2 15-20", "UNCROWNED_KING 2", "ILLEGAL_MOVE.UNCROWNED_KING_MOVED 3 2-13",
                "MOVE 4 11-17", "IRREGULAR_MOVE_STANDS 3");
        assertEquals(Piece.WHITE_KING, r.position().pieceAt(13));
    }

    @Test
    void crownFallingOffChangesNothing() {
        Recorded r = Recorded.from("W:WK2,46,47,48,49:B11,15,16");
        r.hand.uncrown(2).settle().move(2, 24).press().settle();
        // A king move without capture starts the 25-move count (SWR 9.2): the piece is a king.
        r.assertSummary("MOVE 1 2-24");
    }

    @Test
    void hesitationLiftAndPutBackIsNoEvent() {
        Recorded r = Recorded.start();
        r.hand.lift(32).waitMs(700).put(32).settle().move(32, 28).press().settle();
        r.assertSummary("MOVE 1 32-28");
    }

    @Test
    void knockedPieceRestoredIsAnAccidentalDisplacement() {
        Recorded r = Recorded.start();
        r.hand.lift(19).put(23).waitMs(600).lift(23).put(19).settle().move(32, 28).press().settle();
        r.assertSummary("ACCIDENTAL_DISPLACEMENT 0", "MOVE 1 32-28");
        assertTrue(r.only(EventType.ACCIDENTAL_DISPLACEMENT).squares().containsAll(List.of(19, 23)));
    }

    @Test
    void twoFastPliesInOneScanWindowAreBothRecognised() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).move(19, 23).settle();
        r.assertSummary("MOVE 1 32-28", "MOVE 2 19-23");
        assertEquals(Color.WHITE, r.position().sideToMove());
    }

    @Test
    void clockPressedTwice() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press(true).waitMs(500).press(false).settle();
        r.assertSummary("MOVE 1 32-28", "CLOCK_PRESSED_WITHOUT_MOVE 1");
    }

    @Test
    void clockPressedBeforeTheFirstMoveStartsTheClock() {
        // SWR 10.3: the clock is started at the beginning (black's when black is absent; ZWH starts black's)
        Recorded r = Recorded.start();
        r.hand.press().waitMs(1000).move(32, 28).settle();
        r.assertSummary("MOVE 1 32-28");
    }

    @Test
    void clockPressedTooEarly() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press(true).settle().press(false).waitMs(1000).move(19, 23).settle();
        r.assertSummary("MOVE 1 32-28", "CLOCK_PRESSED_WITHOUT_MOVE 1", "MOVE 2 19-23");
    }

    @Test
    void clockNeverPressedCommitsAfterTheSettleWindow() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).settle().move(20, 24).settle().move(33, 29).settle();
        // the clock runs and white never pressed: said once, not again until the clock is pressed
        r.assertSummary("MOVE 1 32-28", "CLOCK_NOT_PRESSED 1", "MOVE 2 20-24", "MOVE 3 33-29");
        ArbiterEvent first = r.events.get(0);
        assertTrue(first.t() - r.hand.physicalChanges.get(1) <= 700, "commit " + first.t());
    }

    @Test
    void takebackRetractsTheMove() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press().settle().move(28, 32).settle();
        r.assertSummary("MOVE 1 32-28", "MOVE_RETRACTED 1");
        assertEquals(Position.start(), r.position());
        r.hand.move(33, 29).press().settle();
        assertEquals(List.of("32-28", "33-29"), r.moves());
    }

    @Test
    void piecesSetUpAgainAfterAGameStartANewOne() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press().settle().move(19, 23).press().settle().move(28, 19).remove(23).press().settle()
                .move(14, 23).remove(19).press().settle();
        r.hand.offline(() -> r.hand.move(23, 19).place(14, Sensed.BLACK_MAN).move(33, 32).place(33, Sensed.WHITE_MAN));
        r.hand.dump().settle();
        assertEquals(Position.start(), r.position());
        assertEquals(1, r.reconstructor.finishedGames().size());
        assertEquals(4, r.reconstructor.finishedGames().get(0).ply());
        assertEquals("GAME_STARTED 0", Recorded.summary(r.events.get(r.events.size() - 1)));
        r.hand.move(34, 29).press().settle();
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23", "34-29"), r.moves());
    }

    @Test
    void aTakebackToTheStartAfterOnePlyIsARetraction() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press().settle().move(28, 32).settle();
        r.assertSummary("MOVE 1 32-28", "MOVE_RETRACTED 1");
        assertTrue(r.reconstructor.finishedGames().isEmpty());
    }

    @Test
    void boardTurnedRoundIsDetectedAndReadTheOtherWay() {
        Recorded r = new Recorded(ReconstructConfig.defaults(Variant.INTERNATIONAL), Orientation.TURNED);
        r.hand.move(32, 28).press().settle().move(19, 23).press().settle();
        r.assertSummary("BOARD_ORIENTATION 0", "MOVE 1 32-28", "MOVE 2 19-23");
        assertEquals(Orientation.TURNED, r.reconstructor.orientation());
    }

    @Test
    void boardTurnedRoundButConfiguredNeedsNoDetection() {
        var config = ReconstructConfig.defaults(Variant.INTERNATIONAL).withOrientation(Orientation.TURNED);
        Recorded r = new Recorded(config, Orientation.TURNED);
        r.hand.move(32, 28).press().settle();
        r.assertSummary("BOARD_ORIENTATION 0", "MOVE 1 32-28");
    }

    @Test
    void boardLaidOnTheLightFieldsIsReportedAndReadMirrored() {
        Recorded r = new Recorded(ReconstructConfig.defaults(Variant.INTERNATIONAL), Orientation.MIRRORED);
        r.hand.move(32, 28).press().settle();
        r.assertSummary("BOARD_ORIENTATION 0", "MOVE 1 32-28");
        assertTrue(r.events.get(0).text().contains("light fields"), r.events.get(0).text());
        assertEquals("7.1", r.events.get(0).article());
    }

    @Test
    void frisianSidewaysCaptureIsRecognised() {
        var config = ReconstructConfig.defaults(Variant.FRISIAN).withStart(TestPositions.of("W:W28,46:B29,5"));
        Recorded r = new Recorded(config, Orientation.NORMAL);
        r.hand.move(28, 30).remove(29).press().settle();
        r.assertSummary("MOVE 1 28x30");
    }

    @Test
    void aGameFromAGivenPositionWithBlackToMove() {
        Recorded r = Recorded.from("B:W28,46:B5,19");
        r.hand.move(19, 23).press().settle().move(28, 19).remove(23).press().settle();
        r.assertSummary("MOVE 1 19-23", "MOVE 2 28x19");
        assertEquals(Color.BLACK, r.events.get(0).side());
    }

    @Test
    void aCaptureIsNeverInventedFromAHalfFinishedOne() {
        Recorded r = Recorded.from(TRIPLE);
        r.hand.lift(37).put(28).remove(32).settle(1000);
        r.assertSummary();
        assertEquals(TestPositions.of(TRIPLE), r.position());
    }

    @Test
    void everyLegalMoveOfTheStartIsRecognised() {
        for (Move m : Variant.INTERNATIONAL.legalMoves(Position.start())) {
            Recorded r = Recorded.start();
            r.hand.move(m.from(), m.to()).press().settle();
            r.assertSummary("MOVE 1 " + m);
        }
        assertTrue(Squares.isValid(50));
    }
}
