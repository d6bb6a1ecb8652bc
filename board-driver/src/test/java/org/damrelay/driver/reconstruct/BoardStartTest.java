package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

/** How a board is first read, turned, joined or caught up, on the real sensed board, game line and recorder. */
class BoardStartTest {
    private final ReconstructConfig config = ReconstructConfig.defaults(Variant.INTERNATIONAL).withJoinMidGame(true);
    private final List<ArbiterEvent> events = new ArrayList<>();
    private final List<Reconstructor.State> states = new ArrayList<>();
    private final SensedBoard board = new SensedBoard();
    private final GameModelLine game = new GameModelLine(config.startGame());
    private final Presses presses;
    private final BoardStart start;

    BoardStartTest() {
        MoveTrace trace = new MoveTrace(300);
        ClockWatch clock = new ClockWatch(null, null);
        Alerts alerts = new Alerts(events::add, Variant.INTERNATIONAL, game);
        Windows due = new Windows();
        presses = new Presses(clock, trace, game, alerts);
        GameRecorder recorder = new GameRecorder(Variant.INTERNATIONAL, game, board, trace, new CrownWatch(500), clock, presses, due,
                Judgement.of(config), alerts, () -> 0);
        start = new BoardStart(config, board, game, clock, presses, recorder, due, alerts, (next, t) -> states.add(next));
    }

    /** The board shows {@code p}, lying {@code lies}. */
    private void shows(Position p, Orientation lies) {
        Sensed[] fields = new Sensed[100];
        Arrays.fill(fields, Sensed.EMPTY);
        for (int s = 1; s <= Squares.COUNT; s++) {
            var piece = p.pieceAt(s);
            if (piece == null) continue;
            fields[lies.field(s)] = piece.color() == Color.WHITE ? (piece.isKing() ? Sensed.WHITE_KING : Sensed.WHITE_MAN)
                    : (piece.isKing() ? Sensed.BLACK_KING : Sensed.BLACK_MAN);
        }
        board.setAll(fields);
    }

    private List<String> alerts() {
        return events.stream().map(e -> e.type() + " " + e.ply() + (e.move() != null ? " " + e.move() : "")).toList();
    }

    @Test
    void aBoardTurnedRoundIsReadTheOtherWay() {
        shows(config.start(), Orientation.TURNED);
        assertTrue(start.tryStart(0, false));
        assertEquals(Orientation.TURNED, board.orientation());
        assertEquals(List.of(Reconstructor.State.IN_STEP), states);
        assertEquals(List.of("BOARD_ORIENTATION 0"), alerts());
        assertEquals("the board is turned round; reading it the other way", events.get(0).text());
    }

    @Test
    void aBoardLaidNormallyStartsWithoutAWord() {
        shows(config.start(), Orientation.NORMAL);
        assertTrue(start.tryStart(0, false));
        assertEquals(Orientation.NORMAL, board.orientation());
        assertEquals(List.of(), alerts());
    }

    @Test
    void aBoardAPlyAheadIsCaughtUpWithNoPressOwed() {
        shows(config.start().apply(Move.quiet(32, 28)), Orientation.NORMAL);
        assertFalse(start.tryStart(0, false));
        assertTrue(start.catchUp(1000));
        assertEquals(List.of("MOVE 1 32-28"), alerts());
        assertEquals(1, presses.resumedAtPly, "a press before the next move is not blamed on the caught-up ply");
        assertFalse(presses.movedSince);
    }

    @Test
    void aBoardSeveralPathsAheadIsJoinedWithTheSideToMove() {
        Position two = config.start().apply(Move.quiet(32, 28)).apply(Move.quiet(20, 25)).apply(Move.quiet(31, 27));
        shows(two, Orientation.NORMAL);
        assertTrue(start.catchUp(1000));
        assertEquals(List.of("JOINED_MID_GAME 0"), alerts());
        assertEquals(List.of(Reconstructor.State.IN_STEP), states, "the side to move is known: followed at once");
        assertEquals(Color.BLACK, events.get(0).side());
        assertEquals(two.pieces(Color.WHITE), game.position().pieces(Color.WHITE));
    }

    @Test
    void aStillBoardNoStartExplainsIsAGameJoinedMidWay() {
        Position mid = TestPositions.of("W:W28,33,46:B3,19,24");
        shows(mid, Orientation.NORMAL);
        assertTrue(start.join(5000));
        assertEquals(List.of(Reconstructor.State.JOINED), states, "who is to move is learned from the first move");
        assertEquals(List.of("JOINED_MID_GAME 0"), alerts());
        assertEquals(mid.pieces(Color.BLACK), game.position().pieces(Color.BLACK));
        assertEquals(Long.MAX_VALUE, presses.firstPressAt, "no move is blamed for a press before the first one read");
    }

    @Test
    void aBoardBeingSetUpIsNoGameToJoin() {
        shows(TestPositions.of("W:W31,32,33,34,35:B1,2,3,4,5"), Orientation.NORMAL);
        assertFalse(start.join(5000));
        assertEquals(List.of(), alerts());
    }

    @Test
    void theStartAgainAfterAGameWithMenMovedIsANewGame() {
        for (String m : List.of("32-28", "19-23", "28x19")) {
            Move move = game.legalMoves().stream().filter(x -> x.toString().equals(m)).findFirst().orElseThrow();
            game.play(move);
        }
        shows(config.start(), Orientation.NORMAL);
        board.readAs(Orientation.NORMAL);
        assertTrue(start.newGame(9000, board.occupancy()));
        assertEquals(List.of("GAME_STARTED 0"), alerts());
        assertEquals(1, start.finishedGames().size());
        assertEquals(3, start.finishedGames().get(0).ply());
        assertEquals(0, game.ply());
    }

    @Test
    void theStartAgainAfterTwoPliesIsNoNewGame() {
        game.play(Move.quiet(32, 28));
        game.play(Move.quiet(19, 23));
        shows(config.start(), Orientation.NORMAL);
        board.readAs(Orientation.NORMAL);
        assertFalse(start.newGame(9000, board.occupancy()), "a takeback of both plies, not a new game");
    }

    @Test
    void theWholeBoardTurnedWithTheGameOnItIsReadTheNewWay() {
        game.play(Move.quiet(32, 28));
        board.readAs(Orientation.NORMAL);
        shows(game.position(), Orientation.TURNED);
        assertTrue(start.turnedRound(4000, game.position()));
        assertEquals(Orientation.TURNED, board.orientation());
        assertEquals(List.of("BOARD_ORIENTATION 1"), alerts());
    }
}
