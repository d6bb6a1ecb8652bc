package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawEvent;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * Reconstructs one board's game from its observations and tells a listener, in order, every move
 * and every irregularity (arbiter-events.md). Time is the capture clock of the observations:
 * windows (settle, press grace) run out when a later observation arrives or when {@link #tick}
 * is called, so a replay behaves exactly as live. Not thread-safe: feed it from one thread.
 */
public final class Reconstructor implements BoardObserver {
    private static final long NEVER = Long.MAX_VALUE;

    private final ReconstructConfig config;
    private final ArbiterListener listener;
    private final SensedBoard board = new SensedBoard();
    private final IrregularClassifier classifier;
    private final ClockWatch clock;
    private final MoveTrace trace;
    private final CrownWatch crowns;
    private GameModelLine game;
    private final List<Game> finishedGames = new ArrayList<>();

    private Orientation orientation;
    private boolean synced;
    private boolean waitingReported;
    private boolean linkDown;
    private long lastChange;
    private long settleDue = NEVER, irregularDue = NEVER, pressDue = NEVER;
    private boolean pressRight;
    private long lastPress = Long.MIN_VALUE / 2;
    /** A move was committed and no press has confirmed it yet. */
    private boolean movedSincePress;
    /** The clock was pressed since the last committed move. */
    private boolean pressedSinceMove;
    private boolean incompleteReported;
    private int standsPendingPly;

    public Reconstructor(ReconstructConfig config, ArbiterListener listener) {
        this.config = config;
        this.listener = listener;
        this.classifier = new IrregularClassifier(config.variant());
        this.clock = new ClockWatch(config.whiteOnRight(), config.timeControl(), config.increment());
        this.trace = new MoveTrace(config.touchMinMs());
        this.crowns = new CrownWatch(config.settleMs());
        this.game = new GameModelLine(Game.from(config.start(), config.variant()));
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
        return List.copyOf(finishedGames);
    }

    /** The moves played so far (null entries for irregular changes that were no from-to move). */
    public List<Move> moves() {
        List<Move> out = new ArrayList<>();
        for (int i = 1; i <= game.ply(); i++) out.add(game.moveAt(i));
        return out;
    }

    /** The orientation in use, or null while the board has not shown its starting position. */
    public Orientation orientation() {
        return orientation;
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
        Occupancy before = orientation == null ? null : board.occupancy(orientation);
        board.setAll(fields);
        if (before != null) traceDiff(t, before, board.occupancy(orientation));
        changed(t);
    }

    @Override
    public void onFieldChange(long t, int field, Sensed now) {
        advance(t);
        Sensed was = board.set(field, now);
        if (was == now) return;
        if (orientation != null) {
            int sq = orientation.square(field);
            if (sq != 0) trace.change(t, sq, colorOf(now), game.position());
        }
        changed(t);
    }

    @Override
    public void onClock(long t, ClockReading reading) {
        advance(t);
        ClockWatch.Reading r = clock.read(reading);
        if (r.leftFlagFell()) flag(t, false);
        if (r.rightFlagFell()) flag(t, true);
        if (r.mismatch() != null) {
            emit(ArbiterEvent.info(EventType.CLOCK_MISMATCH, game.ply(), null, t, List.of(), r.mismatch()));
        }
        if (r.pressed()) press(t, r.rightPressed());
    }

    @Override
    public void onLink(long t, boolean connected) {
        advance(t);
        if (!connected) {
            // Nothing is known about the board until the full board that follows a reconnect.
            settleDue = irregularDue = pressDue = NEVER;
        }
        boolean wasDown = linkDown;
        linkDown = !connected;
        if (connected && !wasDown) return; // the first connect is no news
        emit(ArbiterEvent.info(connected ? EventType.BOARD_RECONNECTED : EventType.BOARD_DISCONNECTED, game.ply(), null, t,
                List.of(), connected ? "the board is connected again" : "the connection to the board dropped"));
    }

    // ---- time

    private void advance(long t) {
        while (true) {
            long next = Math.min(pressDue, Math.min(settleDue, irregularDue));
            if (next > t) break;
            if (next == pressDue) {
                pressDue = NEVER;
                pressExpired(next);
            } else if (next == settleDue) {
                settleDue = NEVER;
                settle(next);
            } else {
                irregularDue = NEVER;
                irregular(next);
            }
        }
    }

    private void changed(long t) {
        lastChange = t;
        settleDue = t + config.settleMs();
        irregularDue = t + config.irregularMs();
        if (orientation == null) {
            tryStart(t);
            return;
        }
        Occupancy seen = occupancy();
        checkCrowns(t, seen);
        if (synced && pressDue != NEVER && !seen.matches(game.position())) {
            Candidate c = PositionMatcher.find(game, seen, false, false);
            if (c != null && !mayBeDragged(c)) {
                pressDue = NEVER;
                apply(c, t, true);
            }
        }
    }

    // ---- the three windows

    private void settle(long t) {
        if (orientation == null) return;
        Occupancy seen = occupancy();
        if (!synced) {
            recover(t, seen);
            return;
        }
        if (seen.matches(game.position())) {
            inStep(t);
            irregularDue = NEVER;
            return;
        }
        if (newGame(t, seen)) return;
        Candidate c = PositionMatcher.find(game, seen, true, true);
        if (c != null) {
            irregularDue = NEVER;
            apply(c, t, false);
        }
    }

    private void irregular(long t) {
        if (orientation == null) {
            if (!waitingReported && board.occupancy(Orientation.NORMAL).white() + board.occupancy(Orientation.NORMAL).black() != 0) {
                waitingReported = true;
                emit(ArbiterEvent.info(EventType.POSITION_UNKNOWN, 0, null, t, List.of(),
                        "the board does not show the starting position (either way round); waiting for it"));
            }
            return;
        }
        if (!synced) return;
        Occupancy seen = occupancy();
        Position p = game.position();
        if (seen.matches(p)) return;
        if (PositionMatcher.transitional(p, game.legalMoves(), seen)) {
            if (!pressedSinceMove) return;
            // Captured pieces may come off a while after the press: give them the window from the press.
            if (t - lastPress < config.irregularMs()) {
                irregularDue = lastPress + config.irregularMs();
                return;
            }
            // Only pieces off the board after a press: most likely a piece still in the hand.
            if (PositionMatcher.onlyMissing(p, seen) && t - lastChange < config.heldMs()) {
                irregularDue = lastChange + config.heldMs();
                return;
            }
        }
        judge(t, seen);
    }

    private void pressExpired(long t) {
        if (orientation == null || !synced) return;
        Occupancy seen = occupancy();
        Position p = game.position();
        if (!seen.matches(p)) {
            Candidate c = PositionMatcher.find(game, seen, true, false);
            if (c != null) {
                apply(c, t, true);
                return;
            }
        }
        if (seen.matches(p)) {
            if (!movedSincePress) {
                emit(ArbiterEvent.info(EventType.CLOCK_PRESSED_WITHOUT_MOVE, game.ply(), pressColor(), t, List.of(),
                        "the clock was pressed but no move was made"));
            }
            movedSincePress = false;
            return;
        }
        if (PositionMatcher.transitional(p, game.legalMoves(), seen)) {
            if (!incompleteReported) {
                incompleteReported = true;
                trace.markPressedIncomplete();
                Move m = PositionMatcher.underway(p, game.legalMoves(), seen);
                List<Integer> squares = new ArrayList<>();
                if (m != null) {
                    squares.addAll(List.of(m.from(), m.to()));
                    squares.addAll(IrregularClassifier.squares(m.captured() & (seen.white() | seen.black())));
                } else {
                    squares.addAll(differing(seen, p));
                }
                emit(ArbiterEvent.info(EventType.INCOMPLETE_MOVE, game.ply() + 1, p.sideToMove(), t, squares,
                        m != null && m.isCapture() ? "the clock was pressed with captured pieces still on the board"
                                : "the clock was pressed with the move unfinished"));
            }
            irregularDue = Math.max(lastChange, t) + config.irregularMs();
            return;
        }
        // Not a move underway: judge it once the board has settled (a burst of fast plies may still match).
        irregularDue = Math.max(t, lastChange + config.settleMs());
    }

    private void press(long t, boolean right) {
        pressRight = right;
        if (orientation == null || !synced) {
            pressedSinceMove = true;
            return;
        }
        Occupancy seen = occupancy();
        if (!seen.matches(game.position())) {
            Candidate c = PositionMatcher.find(game, seen, true, false);
            if (c != null && !mayBeDragged(c)) {
                apply(c, t, true);
                return;
            }
        }
        if (movedSincePress) {
            // A late press for the move already committed: it says nothing about the next one.
            clock.learn(right, game.position().sideToMove().opposite());
            movedSincePress = false;
            return;
        }
        pressedSinceMove = true;
        lastPress = t;
        pressDue = t + config.pressGraceMs();
    }

    /**
     * A king seen on a square with room beyond it along the same line may still be on its way:
     * the board reports a scan behind the hand, so the press can arrive before the last square.
     */
    private boolean mayBeDragged(Candidate c) {
        if (!(c instanceof Candidate.Play play) || play.moves().size() != 1) return false;
        Move m = play.moves().get(0);
        Position p = game.position();
        if (m.isCapture() || !p.pieceAt(m.from()).isKing()) return false;
        for (int d : Squares.DIAGONALS) {
            int[] ray = Squares.ray(m.from(), d);
            for (int i = 0; i < ray.length; i++) {
                if (ray[i] == m.to()) return i + 1 < ray.length && p.isEmpty(ray[i + 1]);
            }
        }
        return false;
    }

    // ---- outcomes

    private void judge(long t, Occupancy seen) {
        Candidate c = PositionMatcher.find(game, seen, true, true);
        if (c != null) {
            apply(c, t, false);
            return;
        }
        Position p = game.position();
        if (turnedRound(t, p)) return;
        IrregularMove ir = classifier.classify(p, game.legalMoves(), seen, game.ply() >= 1 && !pressedSinceMove);
        if (ir == null) {
            synced = false;
            emit(ArbiterEvent.info(EventType.POSITION_UNKNOWN, game.ply(), null, t, differing(seen, p),
                    "the board shows a position no move or takeback explains; please look at the board"));
            return;
        }
        game.playIrregular(ir.move(), ir.after());
        standsPendingPly = game.ply();
        crowns.keepOnly(ir.after().kings(Color.WHITE) | ir.after().kings(Color.BLACK));
        emit(new ArbiterEvent(EventType.ILLEGAL_MOVE, ir.kind(), game.ply(), ir.mover(), t, ir.squares(), ir.text(),
                ir.move(), p, ir.after(), clock.times()));
        afterMove(t, false);
    }

    private void apply(Candidate c, long t, boolean byPress) {
        if (byPress && c instanceof Candidate.Play play) {
            // Learn the clock side before the move goes out, so that even the first move carries both times.
            Color lastMover = play.moves().size() == 1 ? game.position().sideToMove() : game.position().sideToMove().opposite();
            clock.learn(pressRight, lastMover);
        }
        if (c instanceof Candidate.Play play) {
            for (Move m : play.moves()) commit(m, t);
        } else if (c instanceof Candidate.Retract r) {
            retract(r.toPly(), t);
        } else if (c instanceof Candidate.Replace r) {
            replace(r.move(), t);
        }
        if (byPress) {
            clock.learn(pressRight, game.position().sideToMove().opposite());
            movedSincePress = false;
        }
    }

    private void commit(Move m, long t) {
        Position before = game.position();
        Color mover = before.sideToMove();
        boolean uncrownedPlayed = crowns.isUncrowned(m.from());
        long touched = trace.touched() & ~Squares.bit(m.from());
        String executionFault = trace.captureExecutionFault(m);
        List<Move> legalBefore = game.legalMoves();
        game.play(m);
        Position after = game.position();
        int ply = game.ply();
        if (uncrownedPlayed) {
            emit(new ArbiterEvent(EventType.ILLEGAL_MOVE, IllegalKind.UNCROWNED_KING_MOVED, ply, mover, t, List.of(m.from(), m.to()),
                    "the promoted man on " + m.from() + " was played before it was crowned", m, before, after, clock.times()));
        } else {
            emit(new ArbiterEvent(EventType.MOVE, null, ply, mover, t, m.path(), m.toString(), m, before, after, clock.times()));
        }
        if (standsPendingPly > 0 && standsPendingPly < ply) {
            emit(ArbiterEvent.info(EventType.IRREGULAR_MOVE_STANDS, standsPendingPly, mover, t, List.of(),
                    "the irregular move of ply " + standsPendingPly + " stands: the opponent replied"));
            standsPendingPly = 0;
        }
        if (uncrownedPlayed) standsPendingPly = ply;
        List<Integer> touchedWithMoves = new ArrayList<>();
        for (int s : IrregularClassifier.squares(touched)) {
            if (legalBefore.stream().anyMatch(x -> x.from() == s)) touchedWithMoves.add(s);
        }
        if (!touchedWithMoves.isEmpty()) {
            List<Integer> sq = new ArrayList<>(touchedWithMoves);
            sq.add(m.from());
            String pieces = touchedWithMoves.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
            emit(ArbiterEvent.info(EventType.TOUCH_MOVE, ply, mover, t, sq, IrregularClassifier.name(mover)
                    + " touched the piece on " + pieces + ", which could move, then moved the piece on " + m.from()
                    + " (only the opponent can claim the touched piece)"));
        }
        if (executionFault != null) {
            emit(ArbiterEvent.info(EventType.CAPTURE_EXECUTION, ply, mover, t, CapturePaths.jumpOrder(m), executionFault));
        }
        Piece moved = before.pieceAt(m.from());
        boolean promoted = !moved.isKing() && after.pieceAt(m.to()).isKing();
        crowns.moved(m, promoted, occupancy().isCrowned(m.to()), t);
        afterMove(t, true);
    }

    /** Bookkeeping common to every committed move, legal or not. */
    private void afterMove(long t, boolean legal) {
        Position p = game.position();
        movedSincePress = true;
        pressedSinceMove = false;
        incompleteReported = false;
        trace.reset();
        Occupancy seen = occupancy();
        checkCrowns(t, seen);
        for (int s : crowns.remind(p.pieces(p.sideToMove()))) {
            emit(ArbiterEvent.info(EventType.UNCROWNED_KING, game.ply(), p.sideToMove(), t, List.of(s),
                    "the promoted man on " + s + " is not crowned; it is a king but may not be played until crowned"));
        }
        for (DrawEvent d : game.drawEvents()) {
            boolean draw = d.kind() == DrawEvent.Kind.DRAW_BY_RULE;
            emit(ArbiterEvent.info(draw ? EventType.DRAW_BY_RULE : EventType.DRAW_RULE_STARTED, game.ply(), null, t, List.of(),
                    d + (d.count() != null ? ": " + d.count() : "")));
        }
        if (game.legalMoves().isEmpty()) {
            emit(ArbiterEvent.info(EventType.NO_LEGAL_MOVES, game.ply(), p.sideToMove(), t, List.of(),
                    IrregularClassifier.name(p.sideToMove()) + " has no legal move and loses"));
        }
    }

    private void retract(int toPly, long t) {
        List<Position> history = game.positions();
        for (int ply = game.ply(); ply > toPly; ply--) {
            Move m = game.moveAt(ply);
            emit(new ArbiterEvent(EventType.MOVE_RETRACTED, null, ply, history.get(ply - 1).sideToMove(), t,
                    m == null ? List.of() : List.of(m.from(), m.to()), "ply " + ply + (m == null ? "" : " (" + m + ")") + " was taken back",
                    m, history.get(ply), history.get(ply - 1), clock.times()));
        }
        game.retractTo(toPly);
        if (standsPendingPly > toPly) standsPendingPly = 0;
        Position p = game.position();
        crowns.keepOnly(p.kings(Color.WHITE) | p.kings(Color.BLACK));
        movedSincePress = false;
        pressedSinceMove = false;
        trace.reset();
    }

    private void replace(Move m, long t) {
        int ply = game.ply();
        Move old = game.moveAt(ply);
        game.retractTo(ply - 1);
        Position before = game.position();
        game.play(m);
        emit(new ArbiterEvent(EventType.MOVE_REPLACED, null, ply, before.sideToMove(), t, m.path(),
                "ply " + ply + ": " + old + " became " + m, m, before, game.position(), clock.times()));
        afterMove(t, true);
    }

    private void inStep(long t) {
        long displaced = trace.displaced();
        if (displaced != 0) {
            emit(ArbiterEvent.info(EventType.ACCIDENTAL_DISPLACEMENT, game.ply(), null, t, IrregularClassifier.squares(displaced),
                    "pieces left their squares and came back; no move was made"));
            trace.clearDisplaced();
        }
    }

    /**
     * The starting position again after more than two plies, with men moved meanwhile, is a new
     * game, not a takeback of the whole game: the game so far is kept in {@link #finishedGames()}.
     */
    private boolean newGame(long t, Occupancy seen) {
        Position p = game.position(), start = config.start();
        if (game.ply() <= 2 || !seen.matches(start)) return false;
        // Men never go back: with the same men as at the start, the start position is simply played again.
        if (p.men(Color.WHITE) == start.men(Color.WHITE) && p.men(Color.BLACK) == start.men(Color.BLACK)) return false;
        int plies = game.ply();
        finishedGames.add(game.game());
        game = new GameModelLine(Game.from(config.start(), config.variant()));
        synced = true;
        trace.reset();
        crowns.keepOnly(0);
        standsPendingPly = 0;
        movedSincePress = pressedSinceMove = incompleteReported = false;
        settleDue = irregularDue = pressDue = NEVER;
        emit(ArbiterEvent.info(EventType.GAME_STARTED, 0, null, t, List.of(),
                "the pieces are set up for a new game; the previous game (" + plies + " plies) is closed"));
        return true;
    }

    /** The whole board was turned (or laid another way) with the game on it: read it the new way round. */
    private boolean turnedRound(long t, Position p) {
        for (Orientation o : Orientation.values()) {
            if (o == orientation || !board.occupancy(o).matches(p)) continue;
            orientation = o;
            synced = true;
            trace.reset();
            emit(ArbiterEvent.info(EventType.BOARD_ORIENTATION, game.ply(), null, t, List.of(),
                    "the board was turned with the game on it; reading it " + o.name().toLowerCase().replace('_', ' ') + " now"));
            return true;
        }
        return false;
    }

    private void recover(long t, Occupancy seen) {
        if (newGame(t, seen)) return;
        Position p = game.position();
        if (turnedRound(t, p)) {
            emit(ArbiterEvent.info(EventType.POSITION_RECOVERED, game.ply(), null, t, List.of(), "the board is back in step with the game"));
            return;
        }
        Candidate c = seen.matches(p) ? null : PositionMatcher.find(game, seen, true, true);
        if (!seen.matches(p) && c == null) return;
        synced = true;
        trace.reset();
        emit(ArbiterEvent.info(EventType.POSITION_RECOVERED, game.ply(), null, t, List.of(), "the board is back in step with the game"));
        if (c != null) apply(c, t, false);
    }

    private void tryStart(long t) {
        Orientation[] options = config.orientation() != null ? new Orientation[] {config.orientation()} : Orientation.values();
        for (Orientation o : options) {
            if (board.occupancy(o).matches(config.start())) {
                orientation = o;
                synced = true;
                trace.reset();
                if (o != Orientation.NORMAL) {
                    emit(ArbiterEvent.info(EventType.BOARD_ORIENTATION, 0, null, t, List.of(), o.isMirrored()
                            ? "the board lies wrong: the pieces stand on the light fields (SWR 7.1); notating as on a mirrored board"
                            : "the board is turned round; reading it the other way"));
                }
                return;
            }
        }
    }

    private void checkCrowns(long t, Occupancy seen) {
        for (int s : crowns.crowned(seen.crowned(), t)) {
            Piece k = game.position().pieceAt(s);
            emit(ArbiterEvent.info(EventType.KING_CROWNED, game.ply(), k == null ? null : k.color(), t, List.of(s),
                    "the king on " + s + " is crowned"));
        }
    }

    private void flag(long t, boolean right) {
        Color c = clock.colorOf(right);
        emit(ArbiterEvent.info(EventType.FLAG_FALL, game.ply(), c, t, List.of(),
                (c == null ? (right ? "the right player's" : "the left player's") : IrregularClassifier.name(c) + "'s") + " flag fell"));
    }

    private void traceDiff(long t, Occupancy a, Occupancy b) {
        for (int s = 1; s <= Squares.COUNT; s++) {
            Color ca = colorAt(a, s), cb = colorAt(b, s);
            if (ca != cb) trace.change(t, s, cb, game.position());
        }
    }

    private Color pressColor() {
        return clock.colorOf(pressRight);
    }

    private Occupancy occupancy() {
        return board.occupancy(orientation);
    }

    private void emit(ArbiterEvent e) {
        listener.onEvent(e);
    }

    private static List<Integer> differing(Occupancy seen, Position p) {
        long diff = (seen.white() ^ p.pieces(Color.WHITE)) | (seen.black() ^ p.pieces(Color.BLACK)) | seen.unknown();
        return IrregularClassifier.squares(diff);
    }

    private static Color colorAt(Occupancy o, int s) {
        long b = 1L << s;
        if ((o.white() & b) != 0) return Color.WHITE;
        if ((o.black() & b) != 0) return Color.BLACK;
        return null;
    }

    private static Color colorOf(Sensed s) {
        return switch (s) {
            case WHITE_MAN, WHITE_KING -> Color.WHITE;
            case BLACK_MAN, BLACK_KING -> Color.BLACK;
            default -> null;
        };
    }
}
