package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * Reconstructs one board's game from its observations and tells a listener, in order, every move
 * and every irregularity (arbiter-events.md). Time is the capture clock of the observations:
 * windows (settle, press grace) run out when a later observation arrives or when {@link #tick}
 * is called, so a replay behaves exactly as live. Not thread-safe: feed it from one thread.
 *
 * <p>Where it stands with the board is one {@link State}, changed only by {@link #become}. This
 * class is the state machine: it runs the {@link Windows} out and decides, per state, when the
 * board is looked at and which explanation ({@link Judgement}) is recorded. The rules live in its
 * parts, which share the game line, the board, the trace, the clock and the {@link Alerts}:
 * {@link BoardStart} (how a board is first read, turned, joined or caught up), {@link Presses}
 * (what a clock press means) and {@link GameRecorder} (what a committed move does to the game and
 * its alerts).
 */
public final class Reconstructor implements BoardObserver {
    /** Where the reconstruction stands with the board. */
    public enum State {
        /** No orientation yet: waiting for the board to show the game's position (or, joining, any settled one). */
        AWAITING_START,
        /** Joined a game in progress: the position is the first one seen; the first move tells who is to move. */
        JOINED,
        /** The board follows the game: every settled change is matched against moves. */
        IN_STEP,
        /** The board showed what nothing explains (POSITION_UNKNOWN): waiting until it matches the game again. */
        OUT_OF_STEP
    }

    private static final long NEVER = Windows.NEVER;

    private final ReconstructConfig config;
    private final SensedBoard board = new SensedBoard();
    private final Judgement judgement;
    private final ClockWatch clock;
    private final MoveTrace trace;
    private final Windows due = new Windows();
    private final GameModelLine game;
    private final Alerts alerts;
    /** Every event leaves through it: a capture kept open is shown ahead of its judgement, and corrected openly. */
    private final ShownAhead shown;
    private final Presses presses;
    private final GameRecorder recorder;
    private final BoardStart start;
    private State state = State.AWAITING_START;
    private boolean waitingReported;
    private boolean linkDown;
    private long lastChange;

    public Reconstructor(ReconstructConfig config, ArbiterListener listener) {
        this(config, config.startGame(), listener);
    }

    private Reconstructor(ReconstructConfig config, Game from, ArbiterListener listener) {
        this.config = config;
        this.judgement = Judgement.of(config);
        this.clock = new ClockWatch(config.whiteOnRight(), config.timeControl(), config.clockPace());
        this.trace = new MoveTrace(config.touchMinMs());
        this.game = new GameModelLine(from);
        this.shown = new ShownAhead(listener);
        this.alerts = new Alerts(shown, config.variant(), game);
        this.presses = new Presses(clock, trace, game, alerts);
        this.recorder = new GameRecorder(config.variant(), game, board, trace, new CrownWatch(config.settleMs()), clock, presses, due,
                judgement, alerts, () -> lastChange);
        this.start = new BoardStart(config, board, game, clock, presses, recorder, due, alerts, this::become);
        presses.resumedAtPly = from.ply();
        if (from.ply() > 0) presses.firstPressAt = Long.MAX_VALUE;
    }

    /**
     * A reconstruction that takes over a game where it stands (a restarted driver told by the relay,
     * or its own last committed state): plies, draw counts and the Frisian king-move runs carry on;
     * the board is expected to show the game's current position, and is followed from there.
     * The game's settings win over the config's.
     */
    public static Reconstructor resume(ReconstructConfig config, Game game, ArbiterListener listener) {
        return resume(config, game, null, listener);
    }

    /**
     * The same, with the clock times the game last had ({@code lastTimes}, from the relay or the
     * driver's own record; null when none were recorded): the clock's first reading is checked
     * against them, never against the time control's base time.
     */
    public static Reconstructor resume(ReconstructConfig config, Game game, ClockTimes lastTimes, ArbiterListener listener) {
        Reconstructor r = new Reconstructor(config.withSettings(game.settings()), game, listener);
        r.clock.resumed(lastTimes);
        return r;
    }

    /** Where the reconstruction stands with the board. */
    public State state() {
        return state;
    }

    /** The game position as reconstructed so far. */
    public Position position() {
        return game.position();
    }

    /** The game as reconstructed so far: plies (irregular ones included), draw status, result. */
    public Game game() {
        return game.game();
    }

    /** Games closed because the pieces were set up for a new one, oldest first. */
    public List<Game> finishedGames() {
        return start.finishedGames();
    }

    /** The moves played so far (null entries for irregular changes that were no from-to move). */
    public List<Move> moves() {
        List<Move> out = new ArrayList<>();
        for (int i = 1; i <= game.ply(); i++) out.add(game.moveAt(i));
        return out;
    }

    /** The orientation in use, or null while the board has not shown its starting position. */
    public Orientation orientation() {
        return board.orientation();
    }

    /**
     * A draw agreed by the players, as entered by the arbiter or organiser (the board cannot show
     * it). Before both made 40 moves (SWR 13.4; the game's rule set decides) it is EARLY_DRAW_AGREED:
     * both lose.
     */
    public void agreeDraw(long t) {
        advance(t);
        if (game.agreeDraw()) {
            emit(ArbiterEvent.info(EventType.EARLY_DRAW_AGREED, game.ply(), null, t, List.of(),
                    "a draw was agreed before both players made 40 moves: both lose (0-0)"));
        }
    }

    /** Lets time pass without an observation (live: call it every ~50 ms; replay: at the end). */
    public void tick(long tMillis) {
        advance(tMillis);
    }

    @Override
    public void onTick(long tMillis) {
        tick(tMillis);
    }

    @Override
    public void onBoard(long t, Sensed[] fields) {
        advance(t);
        Occupancy before = board.orientation() == null ? null : board.occupancy();
        board.setAll(fields);
        if (before != null) trace.changes(t, before, board.occupancy(), game.position());
        changed(t);
    }

    @Override
    public void onFieldChange(long t, int field, Sensed now) {
        advance(t);
        Sensed was = board.set(field, now);
        if (was == now) return;
        if (board.orientation() != null) {
            int sq = board.orientation().square(field);
            if (sq != 0) trace.change(t, sq, Bits.colorOf(now), game.position());
        }
        changed(t);
    }

    @Override
    public void onClock(long t, ClockReading reading) {
        advance(t);
        // only a board standing still in the game's position says the clock runs for the side to move
        Color toMove = following() && occupancy().matches(game.position()) ? game.position().sideToMove() : null;
        ClockWatch.Reading r = clock.read(t, reading, game.movesBy(Color.WHITE), game.movesBy(Color.BLACK), toMove);
        if (r.leftFlagFell()) presses.flag(t, false);
        if (r.rightFlagFell()) presses.flag(t, true);
        alerts.clockMismatch(t, r.mismatch(), r.check());
        if (r.pressed()) {
            presses.polled = reading.polled();
            press(t, r.rightPressed());
        }
    }

    @Override
    public void onLink(long t, boolean connected) {
        advance(t);
        if (!connected) {
            // Nothing is known about the board until the full board that follows a reconnect.
            due.clear();
        }
        boolean wasDown = linkDown;
        linkDown = !connected;
        if (connected && !wasDown) return; // the first connect is no news
        emit(ArbiterEvent.info(connected ? EventType.BOARD_RECONNECTED : EventType.BOARD_DISCONNECTED, game.ply(), null, t,
                List.of(), connected ? "the board is connected again" : "the connection to the board dropped"));
    }

    // ---- the one transition function

    /**
     * Moves the machine to {@code next}. Following the board (again) starts a fresh trace; coming
     * back from {@link State#OUT_OF_STEP} is POSITION_RECOVERED, raised here and nowhere else.
     */
    private void become(State next, long t) {
        State was = state;
        state = next;
        if (next == State.IN_STEP || next == State.JOINED) trace.reset();
        if (next == State.IN_STEP && was == State.OUT_OF_STEP) {
            emit(ArbiterEvent.info(EventType.POSITION_RECOVERED, game.ply(), null, t, List.of(), "the board is back in step with the game"));
        }
    }

    /** The board is read: a move can be matched against it. */
    private boolean following() {
        return state == State.IN_STEP || state == State.JOINED;
    }

    // ---- time

    private void advance(long t) {
        while (true) {
            long next = due.next();
            if (next > t) break;
            if (next == due.press) {
                due.press = NEVER;
                pressExpired(next);
            } else if (next == due.settle) {
                due.settle = NEVER;
                settle(next);
            } else {
                due.irregular = NEVER;
                irregular(next);
            }
        }
    }

    private void changed(long t) {
        lastChange = t;
        due.settle = t + config.settleMs();
        due.irregular = t + config.irregularMs();
        if (state == State.AWAITING_START || state == State.JOINED) {
            // a board a ply or three ahead may show that position for a moment only: the players play on
            if (start.tryStart(t, state == State.JOINED) || state == State.AWAITING_START && !start.catchUp(t) || state == State.AWAITING_START) return;
        }
        Occupancy seen = occupancy();
        recorder.checkCrowns(t, seen);
        if (state == State.IN_STEP) trace.board(t, seen);
        if (state == State.IN_STEP && due.press != NEVER && !seen.matches(game.position())) {
            Candidate c = match(t, seen, false, false);
            if (c != null && !mayBeDragged(c) && !keptOpen(c)) {
                due.press = NEVER;
                apply(c, t, true);
            } else if (c != null && keptOpen(c)) {
                showAhead(c, t);
            }
        }
    }

    // ---- the three windows

    private void settle(long t) {
        if (state == State.AWAITING_START) {
            start.catchUp(t);
            return;
        }
        Occupancy seen = occupancy();
        if (state == State.OUT_OF_STEP) {
            recover(t, seen);
            return;
        }
        if (seen.matches(game.position())) {
            recorder.boardShowsGame();
            long withdrawn = shown.withdraw(t, presses.pressedSinceMove);
            if (!(state == State.IN_STEP && recorder.pressedIrregularTakenBack(t))) recorder.inStep(t, withdrawn);
            due.irregular = NEVER;
            return;
        }
        if (newGame(t, seen)) return;
        boolean following = state == State.IN_STEP; // a joined board's first move is not kept open: it tells who moves
        Candidate c = match(t, seen, true, true);
        if (c != null && !(following && keptOpen(c))) {
            due.irregular = NEVER;
            apply(c, t, false);
        } else if (c != null) {
            showAhead(c, t);
        }
    }

    /**
     * A man's capture the judgement keeps open goes out now all the same, as the recorder would
     * send it ({@link ShownAhead}): spectators see it when it is made, not with the reply.
     */
    private void showAhead(Candidate c, long t) {
        if (!(c instanceof Candidate.Play play) || play.moves().size() != 1) return;
        Move m = play.moves().get(0);
        Position before = game.position();
        Game after = game.after(m);
        ArbiterEvent e = new ArbiterEvent(EventType.MOVE, null, game.ply() + 1, before.sideToMove(), t, m.path(), m.toString(), m, before,
                after.position(), clock.times());
        shown.show(alerts.ahead(e, after));
    }

    /** The pieces set up for a new game: a capture shown of the game closed stays as it went out. */
    private boolean newGame(long t, Occupancy seen) {
        if (!start.newGame(t, seen)) return false;
        shown.forget();
        return true;
    }

    /** A capture on the board is committed once the opponent's move is evident or the irregular window passed. */
    private boolean keptOpen(Candidate c) {
        return state == State.IN_STEP && Judgement.keepsOpen(c, game, occupancy());
    }

    private void irregular(long t) {
        if (state == State.AWAITING_START) {
            if (config.joinMidGame() && start.join(t)) return;
            Occupancy normal = board.occupancy(Orientation.NORMAL);
            if (!waitingReported && normal.white() + normal.black() != 0 && !CatchUp.halfMade(game.game(), normal)) {
                waitingReported = true;
                emit(ArbiterEvent.info(EventType.POSITION_UNKNOWN, 0, null, t, List.of(),
                        "the board does not show the starting position (either way round); waiting for it"));
            }
            return;
        }
        // Joined but who is to move is still unknown: only a move tells; judging would guess the mover.
        if (state != State.IN_STEP) return;
        Occupancy seen = occupancy();
        Position p = game.position();
        if (seen.matches(p)) return;
        if (Judgement.cleared(p, seen)) {
            recorder.boardCleared(t, p, seen);
            return;
        }
        Judgement.Verdict v = judgement.settled(game, seen, t, lastChange, trace, presses.facts());
        // a board turned with the game on it is no irregular move
        boolean irregularAlone = v instanceof Judgement.Verdict.Commit c && c.candidate() instanceof Candidate.Irregular;
        if ((irregularAlone || v instanceof Judgement.Verdict.Unexplained) && start.turnedRound(t, p)) return;
        if (v instanceof Judgement.Verdict.Commit commit) {
            apply(commit.candidate(), t, false);
        } else if (v instanceof Judgement.Verdict.Wait wait) {
            if (wait.until() != Judgement.NEVER) due.irregular = wait.until();
        } else {
            become(State.OUT_OF_STEP, t);
            emit(ArbiterEvent.info(EventType.POSITION_UNKNOWN, game.ply(), null, t, Bits.differing(seen, p),
                    "the board shows a position no move or takeback explains; please look at the board"));
        }
    }

    private void pressExpired(long t) {
        if (state != State.IN_STEP) return;
        Occupancy seen = occupancy();
        Position p = game.position();
        if (!seen.matches(p)) {
            Candidate c = match(t, seen, true, false);
            // a capture kept open, or one whose opponent already lifted a piece for the reply: no unfinished move
            if (c != null && keptOpen(c) || c == null && judgement.openCapture(game, seen, trace) != null) {
                if (c != null) showAhead(c, t);
                due.irregular = Math.max(t, lastChange + config.irregularMs());
                return;
            }
            if (c != null) {
                apply(c, t, true);
                return;
            }
        }
        if (seen.matches(p)) {
            presses.withoutMove(t);
            return;
        }
        if (judgement.onItsWay(game, seen)) {
            presses.unfinished(t, seen, judgement);
            due.irregular = Math.max(lastChange, t) + config.irregularMs();
            return;
        }
        // Not a move under way: judged when the irregular window has passed, like a board without a press
        // (captured pieces may still come off; a reply that follows is read with it).
        due.irregular = Math.max(t, lastChange + config.irregularMs());
    }

    private void press(long t, boolean right) {
        presses.read(t);
        pressed(t, right);
        presses.registered();
    }

    private void pressed(long t, boolean right) {
        presses.right = right;
        if (state != State.IN_STEP) {
            presses.pressedSinceMove = true;
            return;
        }
        Color by = clock.colorOf(right), lastMover = game.position().sideToMove().opposite();
        if (presses.movedSince && by == lastMover && game.ply() > 0) {
            // the last mover's own press, reaching the line after the opponent began his move (a clock's
            // readings come up to a second late): it confirms the move committed, and ends nothing of the
            // next. While his move is unconfirmed his clock runs, so only his side of the lever is up.
            clock.learn(right, lastMover);
            presses.movedSince = false;
            return;
        }
        Occupancy seen = occupancy();
        boolean open = false;
        // kept even while the board still shows the game's position: the press's report can come before the
        // board's scan of the piece put down, and the move it ended is then judged with its press
        trace.press(new MoveTrace.Press(t, presses.presser(right), right, clock.colorOf(right) != null));
        if (!seen.matches(game.position())) {
            Candidate c = match(t, seen, true, false);
            open = c != null && keptOpen(c);
            if (open) showAhead(c, t);
            if (c != null && !mayBeDragged(c) && !open) {
                apply(c, t, true);
                return;
            }
        }
        if (presses.movedSince && !open) {
            // A late press for the move already committed: it says nothing about the next one.
            clock.learn(right, game.position().sideToMove().opposite());
            presses.movedSince = false;
            return;
        }
        presses.pressedSinceMove = true;
        presses.last = t;
        due.press = t + config.pressGraceMs();
    }

    private boolean mayBeDragged(Candidate c) {
        return Judgement.mayBeDragged(game.position(), c);
    }

    /**
     * The explanation of what the board shows. Joined mid-game, the first move also tells who is to
     * move: a move of the other side means the game's position had that side to move.
     */
    private Candidate match(long t, Occupancy seen, boolean deep, boolean withRetract) {
        if (state != State.JOINED) return judgement.legal(game, seen, deep, withRetract, trace);
        Candidate c = judgement.legal(game, seen, deep, false, trace);
        if (c == null) {
            Position p = game.position();
            GameModelLine other = new GameModelLine(Game.from(p.withSideToMove(p.sideToMove().opposite()), config.settings()));
            c = judgement.legal(other, seen, deep, false, trace);
            if (c != null) game.adopt(other);
        }
        if (c != null) {
            become(State.IN_STEP, t);
            presses.resumedAtPly = 0;
        }
        return c;
    }

    // ---- outcomes

    private void apply(Candidate c, long t, boolean byPress) {
        if (byPress && c instanceof Candidate.Play play && play.moves().size() == 2 && presses.firstPlysPress()) {
            // a move and its reply on the board, and the press that came is the first player's, late (his clock
            // ran until he pressed, so the replier's side was down): it confirms the first ply, not the reply
            clock.learn(presses.right, game.position().sideToMove());
            recorder.commit(play.moves().get(0), t, false);
            presses.movedSince = false;
            recorder.commit(play.moves().get(1), t, true);
            due.press = NEVER;
            return;
        }
        if (byPress && c instanceof Candidate.Play play) {
            // Learn the clock side before the move goes out, so that even the first move carries both times.
            Color lastMover = play.moves().size() == 1 ? game.position().sideToMove() : game.position().sideToMove().opposite();
            clock.learn(presses.right, lastMover);
        }
        boolean pressedBefore = presses.pressedSinceMove;
        if (c instanceof Candidate.Play play) {
            for (int i = 0; i < play.moves().size(); i++) recorder.commit(play.moves().get(i), t, i > 0);
            // a press made while the move was under way (an early press) was this move's
            if (play.moves().size() == 1 && pressedBefore) {
                presses.movedSince = false;
                due.press = NEVER;
            }
        } else if (c instanceof Candidate.Forbidden f) {
            recorder.kingMoveLimit(f.move(), t);
        } else if (c instanceof Candidate.Retract r) {
            recorder.retract(r.toPly(), t);
        } else if (c instanceof Candidate.Replace r) {
            recorder.replace(r.move(), t);
        } else if (c instanceof Candidate.Irregular i) {
            IrregularMove ir = i.move();
            if (!recorder.amendedLast(ir, t)) {
                recorder.playIrregular(t, ir.kind(), ir.mover(), ir.move(), ir.after(), ir.squares(), ir.text(), ir.article());
            }
        } else if (c instanceof Candidate.Sequence s) {
            recorder.playSequence(s.steps(), t);
        } else if (c instanceof Candidate.Amend a) {
            recorder.amendLast(a.steps(), t);
        }
        if (byPress) {
            clock.learn(presses.right, game.position().sideToMove().opposite());
            presses.movedSince = false;
        }
    }

    /** Out of step: the board is read again from a new game, a turned board, or a move or takeback that explains it. */
    private void recover(long t, Occupancy seen) {
        if (newGame(t, seen)) return;
        Position p = game.position();
        if (start.turnedRound(t, p)) return;
        Candidate c = seen.matches(p) ? null : match(t, seen, true, true);
        if (!seen.matches(p) && c == null) return;
        if (seen.matches(p)) shown.withdraw(t, presses.pressedSinceMove);
        become(State.IN_STEP, t);
        if (c != null) apply(c, t, false);
    }

    private Occupancy occupancy() {
        return board.occupancy();
    }

    private void emit(ArbiterEvent e) {
        alerts.emit(e);
    }
}
