package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.board.ClockReading;
import org.junit.jupiter.api.Test;

/** What a clock press means, on the real clock watch, trace and game line: the alerts a press raises or withholds. */
class PressesTest {
    private final List<ArbiterEvent> events = new ArrayList<>();
    private ClockWatch clock;
    private final MoveTrace trace = new MoveTrace(300);
    private GameModelLine game;
    private Presses presses;

    private void at(String fen) {
        events.clear();
        clock = new ClockWatch(true, null); // white on the right
        game = new GameModelLine(Game.from(TestPositions.of(fen), GameSettings.of(Variant.INTERNATIONAL)));
        presses = new Presses(clock, trace, game, new Alerts(events::add, Variant.INTERNATIONAL, game));
    }

    /** The clock runs from {@code t} for the side to move (the lever is high on the side whose clock runs). */
    private void clockRunsFrom(long t) {
        Duration d = Duration.ofMinutes(80);
        clock.read(t, new ClockReading(d, d, false, false, true, game.position().sideToMove() == Color.WHITE, true), 0, 0,
                game.position().sideToMove());
    }

    /** A move committed as the game line and its recorder do it: begun at {@code began}, unconfirmed by a press. */
    private void committed(Move m, long began) {
        game.play(m);
        presses.movedBegan = began;
        presses.moveCommitted();
    }

    private List<String> alerts() {
        return events.stream().map(e -> e.type() + " " + e.ply() + " " + e.side()).toList();
    }

    /** White's 32-28 begun at {@code began} and never pressed, the clock running from {@code clockFrom}; black moves at 2 s. */
    private List<String> unpressed(long clockFrom, long began, boolean sameScan, int resumedAt) {
        at("W:W32,46,47:B3,19,20");
        presses.resumedAtPly = resumedAt;
        clockRunsFrom(clockFrom);
        committed(Move.quiet(32, 28), began);
        presses.notPressed(2000, sameScan);
        return alerts();
    }

    @Test
    void theOpponentMovingWhileTheLastMoversClockRunsIsClockNotPressedOnce() {
        assertEquals(List.of("CLOCK_NOT_PRESSED 1 WHITE"), unpressed(0, 500, false, 0));
        committed(Move.quiet(19, 23), 2000);
        presses.notPressed(4000, false);
        assertEquals(1, events.size(), "raised once until a press comes");
    }

    @Test
    void noClockNotPressedWhereNobodyCanTell() {
        assertEquals(List.of(), unpressed(1000, 500, false, 0),
                "the clock was first seen running after the move began: its reading may be the move's press");
        assertEquals(List.of(), unpressed(0, 1500, true, 0), "the second ply of one scan: the first ply's press may come with the next report");
        assertEquals(List.of(), unpressed(0, 1500, false, 1), "a resumed game's first move: the press before it was not seen");
    }

    @Test
    void aPressThatMovedNothingIsAnAlertOnlyAfterTheFirstMove() {
        at("W:W32,46,47:B3,19,20");
        presses.withoutMove(1000);
        assertEquals(List.of(), alerts(), "before the first move a press starts the clock (SWR 10.3)");
        committed(Move.quiet(32, 28), 1500);
        presses.movedSince = false; // its press came
        presses.right = true;
        presses.withoutMove(3000);
        assertEquals(List.of("CLOCK_PRESSED_WITHOUT_MOVE 1 WHITE"), alerts(), "the right player pressed: white, by the clock side");
        assertFalse(presses.pressedSinceMove, "the press is not the next move's");
    }

    @Test
    void aPressWithCapturedPiecesStillOnIsIncompleteOnlyIfTheMoveWentOn() {
        at("W:W32,46,47:B3,25,28");
        Occupancy landed = new Occupancy(TestPositions.of("W:W23,46,47:B3").pieces(Color.WHITE),
                TestPositions.of("W:W23,46,47:B3,25,28").pieces(Color.BLACK), 0, 0, 0);
        presses.unfinished(1000, landed, new Judgement(Variant.INTERNATIONAL, 3000, 10_000));
        presses.raiseIncomplete(1000);
        assertEquals(List.of(), alerts(), "nothing changed after the press: it ended the move as it stood");
        presses.incompleteReported = false;
        presses.unfinished(1000, landed, new Judgement(Variant.INTERNATIONAL, 3000, 10_000));
        presses.raiseIncomplete(1400);
        assertEquals(List.of("INCOMPLETE_MOVE 1 WHITE"), alerts());
        assertEquals(List.of(32, 23, 28), events.get(0).squares());
        assertEquals("the clock was pressed with captured pieces still on the board", events.get(0).text());
    }

    @Test
    void aPressReadAtTheNextPollSaysNothingOfAMoveUnfinished() {
        at("W:W32,46,47:B3,25,28");
        presses.polled = true;
        presses.unfinished(1000, JudgementTest.board(TestPositions.of("W:W23,46,47:B3,25,28")), new Judgement(Variant.INTERNATIONAL, 3000, 10_000));
        presses.raiseIncomplete(2000);
        assertEquals(List.of(), alerts());
    }

    @Test
    void beforeTheClockSideIsKnownThePresserIsWhoseClockRuns() {
        at("W:W32,46,47:B3,19,20");
        ClockWatch unknown = new ClockWatch(null, null);
        Presses p = new Presses(unknown, trace, game, new Alerts(events::add, Variant.INTERNATIONAL, game));
        assertEquals(Color.WHITE, p.presser(true), "no move unconfirmed: the player to move");
        game.play(Move.quiet(32, 28));
        p.moveCommitted();
        assertEquals(Color.WHITE, p.presser(false), "the last mover's move is unconfirmed: his clock runs");
        assertTrue(p.facts().moveUnconfirmed());
    }
}
