package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.IllegalKind;
import org.junit.jupiter.api.Test;

/** What a committed move does to the game line and its alerts, on the real game line, trace, crowns, clock and presses. */
class GameRecorderTest {
    private final List<ArbiterEvent> events = new ArrayList<>();
    private GameModelLine game;
    private GameRecorder recorder;

    private void at(String fen) {
        game = new GameModelLine(Game.from(TestPositions.of(fen), GameSettings.of(Variant.INTERNATIONAL)));
        SensedBoard board = new SensedBoard();
        board.readAs(Orientation.NORMAL);
        MoveTrace trace = new MoveTrace(300);
        ClockWatch clock = new ClockWatch(true, null);
        Alerts alerts = new Alerts(events::add, Variant.INTERNATIONAL, game);
        recorder = new GameRecorder(Variant.INTERNATIONAL, game, board, trace, new CrownWatch(500), clock,
                new Presses(clock, trace, game, alerts), new Windows(), new Judgement(Variant.INTERNATIONAL, 3000, 10_000), alerts, () -> 0);
    }

    private List<String> alerts() {
        return events.stream().map(e -> e.type() + (e.subtype() != null ? "." + e.subtype() : "") + " " + e.ply()
                + (e.move() != null ? " " + e.move() : "")).toList();
    }

    /** A man moved backwards, recorded as played (SWR 7.2). */
    private void backwards(long t) {
        Position after = TestPositions.of("B:W33,46,47:B4,5");
        recorder.playIrregular(t, IllegalKind.OTHER, Color.WHITE, Move.quiet(28, 33), after, List.of(28, 33), "a man moved backwards", null);
    }

    @Test
    void anIrregularMoveStandsOnceTheOpponentReplies() {
        at("W:W28,46,47:B4,5");
        backwards(1000);
        recorder.commit(Move.quiet(5, 10), 2000, false);
        assertEquals(List.of("ILLEGAL_MOVE.OTHER 1 28-33", "MOVE 2 5-10", "IRREGULAR_MOVE_STANDS 1"), alerts());
        assertEquals(2, game.ply());
        assertEquals("7.2", events.get(2).article());
    }

    @Test
    void aTakebackRetractsEachPlyNewestFirstAndAnIrregularMoveTakenBackNeverStands() {
        at("W:W28,46,47:B4,5");
        recorder.commit(Move.quiet(28, 22), 1000, false);
        backwards(2000); // recorded as the second ply, whatever it was
        recorder.retract(0, 3000);
        recorder.commit(Move.quiet(28, 23), 4000, false);
        recorder.commit(Move.quiet(5, 10), 5000, false);
        assertEquals(List.of("MOVE 1 28-22", "ILLEGAL_MOVE.OTHER 2 28-33", "MOVE_RETRACTED 2 28-33", "MOVE_RETRACTED 1 28-22",
                "MOVE 1 28-23", "MOVE 2 5-10"), alerts());
        assertEquals(TestPositions.of("W:W23,46,47:B4,10"), game.position());
    }

    @Test
    void aReplacedMoveNamesTheOldAndTheNew() {
        at("W:W28,46,47:B4,5");
        recorder.commit(Move.quiet(28, 22), 1000, false);
        recorder.replace(Move.quiet(28, 23), 2000);
        assertEquals(List.of("MOVE 1 28-22", "MOVE_REPLACED 1 28-23"), alerts());
        assertEquals("ply 1: 28-22 became 28-23", events.get(1).text());
        assertEquals(1, game.ply());
    }

    @Test
    void aClearedBoardIsToldOnceUntilTheGameOrAMoveIsSeenAgain() {
        at("W:W28,46,47:B4,5");
        Occupancy empty = new Occupancy(0, 0, 0, 0, 0);
        recorder.boardCleared(1000, game.position(), empty);
        recorder.boardCleared(2000, game.position(), empty);
        assertEquals(List.of("BOARD_CLEARED 0"), alerts());
        assertEquals("the board was cleared: 5 of 5 pieces taken off, no move made; the arbiter enters the result", events.get(0).text());
        recorder.boardShowsGame();
        recorder.boardCleared(3000, game.position(), empty);
        assertEquals(2, events.size());
    }

    @Test
    void aSideLeftWithoutAMoveLoses() {
        at("W:W28:B23,4");
        recorder.commit(game.legalMoves().get(0), 1000, false);
        assertEquals(List.of("MOVE 1 28x19"), alerts());
        at("W:W28:B23");
        recorder.commit(game.legalMoves().get(0), 1000, false);
        assertEquals(List.of("MOVE 1 28x19", "MOVE 1 28x19", "NO_LEGAL_MOVES 1"), alerts());
        assertEquals(Color.BLACK, events.get(2).side());
    }
}
