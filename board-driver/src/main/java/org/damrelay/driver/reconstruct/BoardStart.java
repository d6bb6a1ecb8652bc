package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;

/**
 * How a board is first read, turned, joined or caught up. The board is followed once it shows the
 * game's position under some orientation (the start, or where a resumed game stands); a board one
 * to three plies ahead is caught up by those plies, or joined at what it shows when several paths
 * lead there; a board still in a position no start explains is a game joined mid-way, who is to
 * move learned from the first move; the start position again after a game with men moved is a new
 * game; the whole board turned with the game on it is read the new way round. Each of these sets
 * the game line and the orientation, and tells the state machine where it now stands.
 */
final class BoardStart {
    /** The state machine's one transition function, so that every change of state goes through it. */
    interface Transition {
        void become(Reconstructor.State next, long t);
    }

    private final ReconstructConfig config;
    private final SensedBoard board;
    private final GameModelLine game;
    /** Games closed because the pieces were set up for a new one, oldest first. */
    private final List<Game> finishedGames = new ArrayList<>();
    private final ClockWatch clock;
    private final Presses presses;
    private final GameRecorder recorder;
    private final Windows due;
    private final Alerts alerts;
    private final Transition machine;

    BoardStart(ReconstructConfig config, SensedBoard board, GameModelLine game, ClockWatch clock, Presses presses,
            GameRecorder recorder, Windows due, Alerts alerts, Transition machine) {
        this.config = config;
        this.board = board;
        this.game = game;
        this.clock = clock;
        this.presses = presses;
        this.recorder = recorder;
        this.due = due;
        this.alerts = alerts;
        this.machine = machine;
    }

    /** Games closed because the pieces were set up for a new one, oldest first. */
    List<Game> finishedGames() {
        return List.copyOf(finishedGames);
    }

    /**
     * The starting position again after more than two plies, with men moved meanwhile, is a new
     * game, not a takeback of the whole game: the game so far is kept in {@link #finishedGames()}.
     */
    boolean newGame(long t, Occupancy seen) {
        Position p = game.position(), start = config.start();
        if (game.ply() <= 2 || !seen.matches(start)) return false;
        // Men never go back: with the same men as at the start, the start position is simply played again.
        if (p.men(Color.WHITE) == start.men(Color.WHITE) && p.men(Color.BLACK) == start.men(Color.BLACK)) return false;
        int plies = game.ply();
        finishedGames.add(game.game());
        game.reset(config.startGame());
        presses.resumedAtPly = 0;
        presses.firstPressAt = Long.MIN_VALUE;
        recorder.newGame();
        presses.clear();
        due.clear();
        machine.become(Reconstructor.State.IN_STEP, t);
        alerts.emit(ArbiterEvent.info(EventType.GAME_STARTED, 0, null, t, List.of(),
                "the pieces are set up for a new game; the previous game (" + plies + " plies) is closed"));
        return true;
    }

    /** The whole board was turned (or laid another way) with the game on it: read it the new way round. */
    boolean turnedRound(long t, Position p) {
        for (Orientation o : Orientation.values()) {
            if (o == board.orientation() || !board.occupancy(o).matches(p)) continue;
            board.readAs(o);
            alerts.emit(ArbiterEvent.info(EventType.BOARD_ORIENTATION, game.ply(), null, t, List.of(),
                    "the board was turned with the game on it; reading it " + o.name().toLowerCase().replace('_', ' ') + " now"));
            machine.become(Reconstructor.State.IN_STEP, t);
            return true;
        }
        return false;
    }

    /**
     * The board shows the game's position (the start, or where a resumed game stands) under an
     * orientation; {@code joined}: a game joined mid-way whose board became the start position.
     */
    boolean tryStart(long t, boolean joined) {
        Position expected = joined ? config.start() : game.position();
        for (Orientation o : orientations()) {
            if (board.occupancy(o).matches(expected)) {
                // Joined on a partly set-up board that then became the start position: the game starts there after all.
                if (joined) game.reset(config.startGame());
                following(o, t);
                if (game.ply() == 0) alerts.clockMismatch(t, clock.atStart(), null);
                return true;
            }
        }
        return false;
    }

    private Orientation[] orientations() {
        return config.orientation() != null ? new Orientation[] {config.orientation()} : Orientation.values();
    }

    /** The board is read under {@code o} from now on, and follows the game. */
    private void following(Orientation o, long t) {
        board.readAs(o);
        machine.become(Reconstructor.State.IN_STEP, t);
        if (o != Orientation.NORMAL) {
            alerts.emit(ArbiterEvent.info(EventType.BOARD_ORIENTATION, game.ply(), null, t, List.of(), o.isMirrored()
                    ? "the board lies wrong: the pieces stand on the light fields. A game on a wrongly laid board is void"
                            + " and must be started again (" + (config.variant() == Variant.FRISIAN ? "art. 26" : "SWR 7.1")
                            + "); until then it is read as a mirrored board"
                    : "the board is turned round; reading it the other way"));
        }
    }

    /**
     * The settled board is where the game stands plus one to three plies nobody saw (the driver
     * started or restarted while the players played on): one path is those moves, recorded in
     * order with their ply numbers; several are a join at the position, naming them, so the relay
     * (and its arbiter) can choose. No press is expected for moves made while the board was not read.
     */
    boolean catchUp(long t) {
        Orientation at = null;
        List<Reach.Path> paths = List.of();
        for (Orientation o : orientations()) {
            List<Reach.Path> p = CatchUp.paths(game.game(), board.occupancy(o));
            if (p.isEmpty()) continue;
            if (at != null) return false; // two readings of the board fit: wait for the board to tell more
            at = o;
            paths = p;
        }
        if (at == null) return false;
        if (paths.size() > 1) {
            joinAt(t, at, paths.get(0).position(), Reach.sideToMoveAfter(paths), "the board is " + paths.get(0).moves().size()
                    + " plies or so ahead of the game's last known position, and more than one path leads there ("
                    + CatchUp.describe(paths) + "): the record continues from the position seen; the arbiter can pick the path");
            return true;
        }
        following(at, t);
        for (Move m : paths.get(0).moves()) recorder.commit(m, t, true);
        presses.movedSince = false; // its press, if any, came while the board was not read
        // or comes now: as after a restart, a press before the next move is not blamed on the caught-up plies
        presses.resumedAtPly = game.ply();
        return true;
    }

    /**
     * No start position came, and the board has been still: the game was under way before this
     * driver's first read. The settled position becomes the game's; who is to move is learned from
     * the first move. A board that is merely being set up (a part of the start position) is no game yet.
     */
    boolean join(long t) {
        Position start = config.start();
        for (Orientation o : orientations()) {
            Occupancy seen = board.occupancy(o);
            if (seen.unknown() != 0 || seen.strays() != 0 || seen.white() == 0 || seen.black() == 0) continue;
            if ((seen.white() & ~start.pieces(Color.WHITE)) == 0 && (seen.black() & ~start.pieces(Color.BLACK)) == 0) return false;
            // a move caught half made: the board settles once the hand is done, and is read then
            if (CatchUp.halfMade(game.game(), seen)) return false;
            Position p = Position.empty(Color.WHITE);
            for (int s : Bits.squares(seen.white())) p = p.with(s, Piece.of(Color.WHITE, seen.isCrowned(s)));
            for (int s : Bits.squares(seen.black())) p = p.with(s, Piece.of(Color.BLACK, seen.isCrowned(s)));
            joinAt(t, o, p, null, "the game was under way before the board was first read: the record starts from the position first seen ("
                    + Fen.write(p).substring(2) + "); who is to move is learned from the first move");
            return true;
        }
        return false;
    }

    /**
     * The record starts at {@code p} (JOINED_MID_GAME carries it, with the side to move when
     * known). With the side to move known the board is followed at once; else the first move tells.
     */
    private void joinAt(long t, Orientation o, Position p, Color toMove, String text) {
        board.readAs(o);
        Position at = toMove == null ? p : p.withSideToMove(toMove);
        game.reset(Game.from(at, config.settings()));
        presses.resumedAtPly = 0;
        presses.firstPressAt = Long.MAX_VALUE;
        clock.joined();
        machine.become(toMove == null ? Reconstructor.State.JOINED : Reconstructor.State.IN_STEP, t);
        alerts.emit(new ArbiterEvent(EventType.JOINED_MID_GAME, null, 0, toMove, t, List.of(), text, null, null, at, null));
    }
}
