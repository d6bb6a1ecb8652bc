package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.damrelay.draughts.game.DrawEvent;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.MoveCount;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.arbiter.Rulebook;

/**
 * What a committed move does to the game line and its alerts. A move, legal or irregular, is
 * recorded as played (SWR 7.2: the game goes on from the real position) and goes out with what the
 * hand did on the way: pieces displaced and put back, a touched piece that could move, a capture
 * executed out of order, an uncrowned king played. After every move the same bookkeeping follows
 * ({@link #afterMove}): crowns, draw counts, a side without moves. An irregular move stands once the
 * opponent replies; a takeback or a replaced move undoes plies with an event each. Which
 * explanation to record is the judgement's; when, the state machine's.
 */
final class GameRecorder {
    private final Variant variant;
    private final GameModelLine game;
    private final SensedBoard board;
    private final MoveTrace trace;
    private final CrownWatch crowns;
    private final ClockWatch clock;
    private final Presses presses;
    private final Windows due;
    private final Judgement judgement;
    private final Alerts alerts;
    /** When the board last changed: a press's INCOMPLETE_MOVE only stands if the move went on after it. */
    private final LongSupplier lastChange;
    /** The ply of an irregular move that stands once the opponent replies; 0 when none waits. */
    private int standsPendingPly;
    /** BOARD_CLEARED was raised for the board as it stands (once, until the board shows the game again or a move). */
    private boolean clearedRaised;

    GameRecorder(Variant variant, GameModelLine game, SensedBoard board, MoveTrace trace, CrownWatch crowns, ClockWatch clock,
            Presses presses, Windows due, Judgement judgement, Alerts alerts, LongSupplier lastChange) {
        this.variant = variant;
        this.game = game;
        this.board = board;
        this.trace = trace;
        this.crowns = crowns;
        this.clock = clock;
        this.presses = presses;
        this.due = due;
        this.judgement = judgement;
        this.alerts = alerts;
        this.lastChange = lastChange;
    }

    /** A new game starts: no irregular move waits, no king of the old one is remembered. */
    void newGame() {
        crowns.keepOnly(0);
        standsPendingPly = 0;
    }

    /** The board shows the game's position: a later clearing is news again. */
    void boardShowsGame() {
        clearedRaised = false;
    }

    /** An irregular move is recorded as played (SWR 7.2): the game goes on from the real position. */
    void playIrregular(long t, IllegalKind kind, Color mover, Move move, Position after, List<Integer> squares,
            String text, String article) {
        Position before = game.position();
        // a press since the last move was this one's; moving twice after pressing leaves the clock with the opponent
        boolean pressed = presses.pressedSinceMove || kind == IllegalKind.MOVED_TWICE && !presses.movedSince;
        presses.raiseIncomplete(lastChange.getAsLong());
        game.playIrregular(move, after);
        irregularStands(t, mover);
        standsPendingPly = game.ply();
        crowns.keepOnly(after.kings(Color.WHITE) | after.kings(Color.BLACK));
        alerts.emit(new ArbiterEvent(EventType.ILLEGAL_MOVE, kind, game.ply(), mover, t, squares, text, move, before, after,
                clock.times()), article);
        afterMove(t);
        // judged after the press: the press was this move's
        if (pressed) presses.movedSince = false;
    }

    /**
     * Plies read from the boards shown since the last committed move, in order (an irregular move
     * and the play after it). Each ply's press is its own (placed by who pressed): a ply its player
     * did not press for is a move without a press when the next one comes.
     */
    void playSequence(List<PlySequence.Step> steps, long t) {
        // the later plies' changes are no continuation of the first after an early press
        presses.raiseIncomplete(steps.get(0).shownAt());
        boolean confirmedBefore = !presses.movedSince;
        for (int k = 0; k < steps.size(); k++) {
            PlySequence.Step s = steps.get(k);
            if (k > 0) {
                PlySequence.Step before = steps.get(k - 1);
                // moving twice after pressing leaves the clock with the opponent: no press was owed
                boolean pressedFirst = k == 1 ? confirmedBefore : steps.get(k - 2).pressed();
                boolean clockWithOpponent = before.isIrregular() && before.irregular().kind() == IllegalKind.MOVED_TWICE && pressedFirst;
                presses.movedSince = !before.pressed() && !clockWithOpponent;
            }
            if (s.isIrregular()) {
                IrregularMove ir = s.irregular();
                playIrregular(t, ir.kind(), ir.mover(), ir.move(), ir.after(), ir.squares(), ir.text(), ir.article());
            } else {
                commit(s.move(), t, false);
            }
        }
        presses.movedSince = !steps.get(steps.size() - 1).pressed();
        due.press = Windows.NEVER; // a press waiting for its grace was one of these plies'
        // judged late, the next move may be under way: its changes are its own
        trace.keepAfter(steps.get(steps.size() - 1).shownAt(), game.position());
    }

    /**
     * The player's last move and pieces of the opponent he took off after it, before the opponent
     * moved, are one irregular move ({@link Judgement#withLastMove}): the move that went out is
     * corrected in the open and the irregular move is recorded in its place. False when
     * {@code removal} is no such thing.
     */
    boolean amendedLast(IrregularMove removal, long t) {
        IrregularMove whole = judgement.withLastMove(game, removal);
        if (whole == null) return false;
        boolean confirmed = !presses.movedSince;
        withdrawLast(t);
        playIrregular(t, whole.kind(), whole.mover(), whole.move(), whole.after(), whole.squares(), whole.text(), whole.article());
        if (confirmed) presses.movedSince = false; // its press, before or after the removal, was the whole move's
        return true;
    }

    /** The plies read from the position before the last one, which they correct ({@link Candidate.Amend}). */
    void amendLast(List<PlySequence.Step> steps, long t) {
        List<PlySequence.Step> read = new ArrayList<>(steps);
        PlySequence.Step first = read.get(0);
        // the last ply's press, before or after the removal, was the whole irregular move's
        if (!presses.movedSince) read.set(0, new PlySequence.Step(first.move(), first.irregular(), first.mover(), first.shownAt(), true));
        withdrawLast(t);
        playSequence(read, t);
    }

    /**
     * The last ply goes out of the record as the reconstruction's own correction (MOVE_RETRACTED
     * marked so, as a capture shown ahead is corrected): it was no move of its own, but part of an
     * irregular move read now.
     */
    private void withdrawLast(long t) {
        int ply = game.ply();
        Move m = game.moveAt(ply);
        alerts.emit(retraction(ply, game.positions(), game.game(), t,
                "ply " + ply + " (" + m + ") and the pieces its player took off after it are one irregular move").asCorrection());
        game.retractTo(ply - 1);
        if (standsPendingPly > ply - 1) standsPendingPly = 0;
    }

    /** Frisian art. 17: the move is what the board shows, so it is recorded, as an illegal move that may stand. */
    void kingMoveLimit(Move m, long t) {
        presses.notPressed(t, false);
        IrregularMove ir = Judgement.kingMoveLimit(game.position(), m);
        playIrregular(t, ir.kind(), ir.mover(), ir.move(), ir.after(), ir.squares(), ir.text(), ir.article());
    }

    /**
     * @param sameScan the second ply of two seen in one scan: the press for the first may come with
     *                 the board's later report, so its absence proves nothing
     */
    void commit(Move m, long t, boolean sameScan) {
        Position before = game.position();
        Color mover = before.sideToMove();
        presses.notPressed(t, sameScan);
        presses.raiseIncomplete(lastChange.getAsLong());
        boolean uncrownedPlayed = crowns.isUncrowned(m.from());
        long touched = trace.touched() & ~Squares.bit(m.from());
        String executionFault = trace.captureExecutionFault(m, variant == Variant.FRISIAN);
        List<Move> legalBefore = game.legalMoves();
        // the mover's own pieces that left and came back without a move of their own: displaced, not touched (SWR 6.8)
        long ownDisplaced = 0;
        for (int s : Bits.squares(touched)) {
            if (legalBefore.stream().noneMatch(x -> x.from() == s)) ownDisplaced |= Squares.bit(s);
        }
        touched &= ~ownDisplaced;
        reportDisplaced(t, m.captured() | Squares.bit(m.from()) | Squares.bit(m.to()), ownDisplaced);
        game.play(m);
        Position after = game.position();
        int ply = game.ply();
        if (uncrownedPlayed) {
            alerts.emit(new ArbiterEvent(EventType.ILLEGAL_MOVE, IllegalKind.UNCROWNED_KING_MOVED, ply, mover, t, List.of(m.from(), m.to()),
                    "the promoted man on " + m.from() + " was played before it was crowned", m, before, after, clock.times()));
        } else {
            alerts.emit(new ArbiterEvent(EventType.MOVE, null, ply, mover, t, m.path(), m.toString(), m, before, after, clock.times()));
        }
        irregularStands(t, mover);
        if (uncrownedPlayed) standsPendingPly = ply;
        List<Integer> touchedWithMoves = new ArrayList<>();
        for (int s : Bits.squares(touched)) {
            if (legalBefore.stream().anyMatch(x -> x.from() == s)) touchedWithMoves.add(s);
        }
        if (!touchedWithMoves.isEmpty()) {
            List<Integer> sq = new ArrayList<>(touchedWithMoves);
            sq.add(m.from());
            String pieces = touchedWithMoves.stream().map(String::valueOf).collect(Collectors.joining(", "));
            alerts.emit(ArbiterEvent.info(EventType.TOUCH_MOVE, ply, mover, t, sq, Rulebook.name(mover)
                    + " touched the piece on " + pieces + ", which could move, then moved the piece on " + m.from()
                    + " (only the opponent can claim the touched piece)"));
        }
        if (executionFault != null) {
            alerts.emit(ArbiterEvent.info(EventType.CAPTURE_EXECUTION, ply, mover, t, CapturePaths.jumpOrder(m), executionFault));
        }
        Piece moved = before.pieceAt(m.from());
        boolean promoted = !moved.isKing() && after.pieceAt(m.to()).isKing();
        crowns.moved(m, promoted, board.occupancy().isCrowned(m.to()), t);
        afterMove(t);
    }

    /** The opponent replied (legally or not) to an irregular move: it stands (SWR 7.2, manual 4.4; Frisian art. 27). */
    private void irregularStands(long t, Color replier) {
        int ply = game.ply();
        if (standsPendingPly > 0 && standsPendingPly < ply) {
            alerts.emit(ArbiterEvent.info(EventType.IRREGULAR_MOVE_STANDS, standsPendingPly, replier, t, List.of(),
                    "the irregular move of ply " + standsPendingPly + " stands: the opponent replied"));
            standsPendingPly = 0;
        }
    }

    /** Bookkeeping common to every committed move, legal or not. */
    private void afterMove(long t) {
        Position p = game.position();
        clearedRaised = false;
        presses.movedBegan = trace.firstChange(t);
        presses.moveCommitted();
        trace.reset();
        Occupancy seen = board.occupancy();
        checkCrowns(t, seen);
        for (int s : crowns.remind(p.pieces(p.sideToMove()))) {
            alerts.emit(ArbiterEvent.info(EventType.UNCROWNED_KING, game.ply(), p.sideToMove(), t, List.of(s),
                    "the promoted man on " + s + " is not crowned; it is a king but may not be played until crowned"));
        }
        drawEvents(t);
        if (game.legalMoves().isEmpty()) {
            alerts.emit(ArbiterEvent.info(EventType.NO_LEGAL_MOVES, game.ply(), p.sideToMove(), t, List.of(),
                    Rulebook.name(p.sideToMove()) + " has no legal move and loses"));
        }
    }

    /** DRAW_RULE_STARTED when a count really begins ({@code MoveCount.begun}), DRAW_BY_RULE when a draw occurs; each cites its rule. */
    private void drawEvents(long t) {
        for (DrawEvent d : game.game().drawEvents()) {
            boolean draw = d.kind() == DrawEvent.Kind.DRAW_BY_RULE;
            MoveCount c = d.count();
            String text = draw ? "draw by the " + d.rule().label() + " rule (" + Rulebook.article(d.rule()) + ")" + (c != null ? ": " + c : "")
                    : d.rule().label() + " count started: " + c.moves() + " of " + c.limit() + " (" + Rulebook.article(d.rule()) + ")";
            alerts.emit(new ArbiterEvent(draw ? EventType.DRAW_BY_RULE : EventType.DRAW_RULE_STARTED, null, game.ply(), null, t, List.of(),
                    text, null, null, null, null, c == null ? List.of() : List.of(c), null), Rulebook.article(d.rule()));
        }
    }

    /** MOVE_RETRACTED of {@code ply} of the game {@code before} (its positions {@code history}), with the counts running without it. */
    private ArbiterEvent retraction(int ply, List<Position> history, Game before, long t, String text) {
        Move m = game.moveAt(ply);
        return new ArbiterEvent(EventType.MOVE_RETRACTED, null, ply, history.get(ply - 1).sideToMove(), t,
                m == null ? List.of() : List.of(m.from(), m.to()), text, m, history.get(ply), history.get(ply - 1), clock.times(),
                before.truncate(ply - 1).drawStatus().begun(), null);
    }

    void retract(int toPly, long t) {
        List<Position> history = game.positions();
        Game before = game.game();
        for (int ply = game.ply(); ply > toPly; ply--) {
            Move m = game.moveAt(ply);
            alerts.emit(retraction(ply, history, before, t, "ply " + ply + " (" + (m == null ? "irregular" : m) + ") was taken back"));
        }
        game.retractTo(toPly);
        if (standsPendingPly > toPly) standsPendingPly = 0;
        Position p = game.position();
        crowns.keepOnly(p.kings(Color.WHITE) | p.kings(Color.BLACK));
        presses.clear();
        trace.reset();
    }

    void replace(Move m, long t) {
        int ply = game.ply();
        Move old = game.moveAt(ply);
        game.retractTo(ply - 1);
        Position before = game.position();
        game.play(m);
        alerts.emit(new ArbiterEvent(EventType.MOVE_REPLACED, null, ply, before.sideToMove(), t, m.path(),
                "ply " + ply + ": " + old + " became " + m, m, before, game.position(), clock.times()));
        afterMove(t);
    }

    /**
     * The board is back in the game's position after its player pressed the clock on a board that
     * read as an irregular move: the press completed that move (SWR 6.7), so putting it back is no
     * accidental displacement but the irregular move and its takeback before the opponent moved
     * (SWR 7.2), however soon it came. The board read is the one that stood longest up to the press
     * (the press's report may arrive while the hand is already taking the move back), never one with
     * pieces only gone: a piece lifted when the clock was pressed and put back is no move.
     */
    boolean pressedIrregularTakenBack(long t) {
        List<MoveTrace.Press> since = trace.presses();
        if (since.isEmpty()) return false;
        MoveTrace.Press press = since.get(0);
        List<MoveTrace.Shown> boards = trace.boards();
        Occupancy stood = null;
        long longest = -1;
        for (int i = 0; i < boards.size() && boards.get(i).from() <= press.t(); i++) {
            long until = i + 1 < boards.size() ? boards.get(i + 1).from() : t;
            Occupancy b = boards.get(i).board();
            // pieces only gone is a hand in the air at the press (a piece lifted), not a move made
            if (until - boards.get(i).from() > longest && !b.matches(game.position()) && !PositionMatcher.onlyMissing(game.position(), b)) {
                longest = until - boards.get(i).from();
                stood = b;
            }
        }
        if (stood == null || judgement.legal(game, stood, true, true, trace) != null) return false;
        Candidate.Irregular c = judgement.irregular(game, stood, presses.facts());
        if (c == null || press.by() != null && press.sideKnown() && press.by() != c.move().mover()) return false;
        IrregularMove ir = c.move();
        long own = 0;
        for (int sq : ir.squares()) own |= Squares.bit(sq);
        reportDisplaced(t, own, 0);
        playIrregular(t, ir.kind(), ir.mover(), ir.move(), ir.after(), ir.squares(), ir.text(), ir.article());
        retract(game.ply() - 1, t);
        return true;
    }

    /** The board shows the game again with no move made: only pieces that left and came back are news. */
    /** The board shows the game again: pieces that left and came back were displaced, other than a capture's taken back ({@code withdrawn}). */
    void inStep(long t, long withdrawn) {
        reportDisplaced(t, withdrawn, 0);
    }

    /**
     * Pieces that left their squares and came back (other than the move's own), before the move or with
     * no move: the opponent's, and {@code own} pieces of the mover.
     */
    private void reportDisplaced(long t, long moveSquares, long own) {
        long displaced = (trace.displaced() | own) & ~moveSquares;
        if (displaced != 0) {
            alerts.emit(ArbiterEvent.info(EventType.ACCIDENTAL_DISPLACEMENT, game.ply(), null, t, Bits.squares(displaced),
                    "pieces left their squares and came back; no move was made"));
        }
        trace.clearDisplaced();
    }

    /**
     * The pieces were taken off, as after a resignation (SWR 8.2): the arbiter is told once, no move
     * is made up, and the game's position stays (a new game set up, or the pieces put back, follow as usual).
     */
    void boardCleared(long t, Position p, Occupancy seen) {
        if (clearedRaised) return;
        clearedRaised = true;
        int had = Long.bitCount(p.occupied()), left = Long.bitCount(seen.white() | seen.black());
        alerts.emit(ArbiterEvent.info(EventType.BOARD_CLEARED, game.ply(), null, t, List.of(),
                "the board was cleared: " + (had - left) + " of " + had + " pieces taken off, no move made; the arbiter enters the result"));
    }

    /** KING_CROWNED for promoted men the sensor now shows crowned. */
    void checkCrowns(long t, Occupancy seen) {
        for (int s : crowns.crowned(seen.crowned(), t)) {
            Piece k = game.position().pieceAt(s);
            alerts.emit(ArbiterEvent.info(EventType.KING_CROWNED, game.ply(), k == null ? null : k.color(), t, List.of(s),
                    "the king on " + s + " is crowned"));
        }
    }
}
