package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.arbiter.Rulebook;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

/**
 * The judgement of what was played: which explanation fits a board the hand has left
 * ({@link Candidate}: a legal move or two, a takeback, a replaced move, a forbidden king move, an
 * irregular move, an irregular move and its reply) and when a board is judged at all. It holds no
 * state of its own: the reconstruction tells it the game, what the board shows, the boards shown
 * and the presses since the last committed move ({@link MoveTrace}, {@link Presses}).
 *
 * <p><b>The timing rule.</b> Windows only decide <em>when</em> a board is looked at, never what it
 * means: whatever the opponent's tempo, the same boards give the same record. A legal move is
 * committed as soon as the board shows it (a press, or the settle window); a capture stays open
 * for late removals until the opponent's move is evident or the irregular window has passed
 * ({@link #keepsOpen}). A board no legal move explains is judged after the irregular window, or
 * right after a press ({@link #judgeAt}), as an irregular move followed by the opponent's reply
 * when the boards shown since the last move contain one such that the reply leads from it to what
 * the board shows now ({@link #irregularThenReply}), else as one irregular move, else it is
 * POSITION_UNKNOWN.
 */
final class Judgement {
    /** Judge no earlier than a later change of the board. */
    static final long NEVER = Long.MAX_VALUE;

    private final IrregularClassifier classifier;
    private final long irregularMs;
    private final long heldMs;

    Judgement(Variant variant, long irregularMs, long heldMs) {
        this.classifier = new IrregularClassifier(variant);
        this.irregularMs = irregularMs;
        this.heldMs = heldMs;
    }

    static Judgement of(ReconstructConfig config) {
        return new Judgement(config.variant(), config.irregularMs(), config.heldMs());
    }

    /** What to do with a board that has been still for the irregular window. */
    sealed interface Verdict {
        /** Record this explanation. */
        record Commit(Candidate candidate) implements Verdict {}

        /** Look again at {@code until} ({@link #NEVER}: when the board changes). */
        record Wait(long until) implements Verdict {}

        /** No move or takeback explains the board: POSITION_UNKNOWN, nothing is invented. */
        record Unexplained() implements Verdict {}
    }

    /**
     * The board no press or settle committed, still since {@code lastChange}, judged at {@code t}:
     * a legal explanation (a capture kept open included); a capture with more pieces gone, kept open
     * for the held window; an irregular move and its reply; a capture whose reply is under way; then,
     * when {@link #judgeAt} says it is time, one irregular move.
     */
    Verdict settled(GameLine game, Occupancy seen, long t, long lastChange, MoveTrace trace, Presses presses) {
        Candidate legal = legal(game, seen, true, true, trace);
        if (legal != null) return new Verdict.Commit(legal);
        Move open = openCapture(game, seen, trace);
        if (open != null) {
            // nothing followed within the held window: the capture, the pieces still off taken to be in a hand
            return t - lastChange < heldMs ? new Verdict.Wait(lastChange + heldMs) : new Verdict.Commit(new Candidate.Play(List.of(open)));
        }
        // before reading the board as one irregular move: a short capture and its recapture may also read as pieces removed
        Candidate.Irregular withReply = irregularThenReply(game, seen, trace, presses);
        if (withReply != null) return new Verdict.Commit(withReply);
        Move answered = answeredCapture(game, seen, trace);
        // the opponent's move is evident: the capture is over, the reply is waited for like any move
        if (answered != null) return new Verdict.Commit(new Candidate.Play(List.of(answered)));
        long at = judgeAt(game, seen, t, lastChange, presses);
        if (at > t) return new Verdict.Wait(at);
        Candidate.Irregular one = irregular(game, seen, presses);
        return one != null ? new Verdict.Commit(one) : new Verdict.Unexplained();
    }

    /**
     * What the clock said since the last committed move, as far as the judgement needs it.
     *
     * @param pressedSinceMove the clock was pressed since the last committed move
     * @param lastPress        the capture time of that press
     * @param moveUnconfirmed  a move was committed and no press has confirmed it yet
     * @param clockInUse       a clock is connected and running
     * @param pressedBy        who pressed after the board began to change (null: nobody, or not known)
     */
    record Presses(boolean pressedSinceMove, long lastPress, boolean moveUnconfirmed, boolean clockInUse, Color pressedBy) {
        Presses withPress(boolean pressed, long t, Color by) {
            return new Presses(pressed, pressed ? t : lastPress, moveUnconfirmed, clockInUse, by);
        }
    }

    /**
     * The legal explanation of what the board shows: a legal move (or, {@code deep}, a move and a
     * reply, in the order the squares filled), a forbidden king move, a replaced last move or (with
     * {@code withRetract}) a takeback.
     */
    Candidate legal(GameLine game, Occupancy seen, boolean deep, boolean withRetract, MoveTrace trace) {
        Color mover = game.position().sideToMove();
        return PositionMatcher.find(game, seen, deep, withRetract, (m, r) -> {
            long first = trace.landed(m.to(), mover), second = trace.landed(r.to(), mover.opposite());
            // a piece the reply takes where it landed: it must have been seen there (a king's landing square is not guessed)
            if (first < 0) return (r.captured() & Squares.bit(m.to())) == 0;
            // field reports of one scan come in field order: within a scan either order is possible
            return second < 0 || first <= second + MoveTrace.SCAN_MS;
        });
    }

    /**
     * A man's capture: one landing square. A king's capture is committed as the board first shows it
     * (the squares a dragged king passes would make later boards ambiguous).
     */
    private static boolean byMan(Position p, Move m) {
        return m.isCapture() && !p.pieceAt(m.from()).isKing();
    }

    /**
     * Not committed at once: a man's capture (pieces taken off a moment later still belong to it), and a
     * replaced move the board shows only by pieces gone (a capture completed late, or the opponent's
     * hand lifting a piece for the reply: the next board tells).
     */
    static boolean keepsOpen(Candidate c, GameLine game, Occupancy seen) {
        if (c instanceof Candidate.Play play) return play.moves().size() == 1 && byMan(game.position(), play.moves().get(0));
        return c instanceof Candidate.Replace && PositionMatcher.onlyMissing(game.position(), seen);
    }

    /**
     * The board as one irregular move (SWR 7.2), or null when it is none. Who moved a piece of the
     * side not to move, X: the colour that pressed after it (X again: MOVED_TWICE; the other:
     * OPPONENT_PIECE_MOVED). Without a press: X's last move unconfirmed by a press (or no clock)
     * means X moved again, else the player to move moved X's piece.
     */
    Candidate.Irregular irregular(GameLine game, Occupancy seen, Presses presses) {
        Position p = game.position();
        Color x = p.sideToMove().opposite();
        boolean lastMoverAgain = presses.pressedBy() != null ? presses.pressedBy() == x
                : game.ply() >= 1 && !presses.pressedSinceMove() && (!presses.clockInUse() || presses.moveUnconfirmed());
        IrregularMove ir = classifier.classify(p, game.legalMoves(), seen, lastMoverAgain);
        return ir == null ? null : new Candidate.Irregular(ir);
    }

    /**
     * A piece of the side not to move (X) made one of its moves after X's move was confirmed by a
     * press, and no press came since: X moving again (whose second press cannot register) and the
     * opponent moving X's piece (who has not pressed yet) look the same.
     */
    private boolean undecided(GameLine game, Occupancy seen, Presses presses) {
        if (presses.pressedBy() != null || presses.moveUnconfirmed() || game.ply() == 0) return false;
        Candidate.Irregular ir = irregular(game, seen, presses);
        return ir != null && otherReading(game, seen, ir.move()) != null;
    }

    /** The other reading of a piece of the side not to move that was moved (MOVED_TWICE for OPPONENT_PIECE_MOVED and back). */
    private IrregularMove otherReading(GameLine game, Occupancy seen, IrregularMove ir) {
        if (ir.kind() != IllegalKind.MOVED_TWICE && ir.kind() != IllegalKind.OPPONENT_PIECE_MOVED) return null;
        return classifier.classify(game.position(), game.legalMoves(), seen, ir.kind() == IllegalKind.OPPONENT_PIECE_MOVED);
    }

    /** Frisian art. 17: a fourth non-capturing move in a row with the same king, recorded as played. */
    static IrregularMove kingMoveLimit(Position before, Move m) {
        Color mover = before.sideToMove();
        return new IrregularMove(IllegalKind.KING_MOVE_LIMIT, mover, m, before.apply(m), List.of(m.from(), m.to()),
                Rulebook.name(mover) + " played the king on " + m.from() + " (" + m + ") for a fourth non-capturing move in a row"
                        + " while still having men: art. 17 allows three");
    }

    /**
     * An irregular move and the opponent's legal reply: a board shown since the last committed move
     * reads as one irregular move, and one legal move of the opponent leads from it to {@code seen}.
     * The latest such board wins; the presses before the reply began are the irregular move's. Who
     * moved a piece of the side not to move is read from the press first; the reply's colour settles
     * it where no press registered (a second press of the same player cannot: the lever is down).
     */
    Candidate.Irregular irregularThenReply(GameLine game, Occupancy seen, MoveTrace trace, Presses presses) {
        List<MoveTrace.Shown> boards = trace.boards();
        List<MoveTrace.Press> pressList = trace.presses();
        Position p = game.position();
        for (int i = boards.size() - 2; i >= 0; i--) {
            Occupancy q = boards.get(i).board();
            if (q.equals(seen) || q.matches(p)) continue;
            Candidate legal = legal(game, q, false, false, trace);
            if (legal != null && !(legal instanceof Candidate.Forbidden)) continue;
            long replyBegan = boards.get(i + 1).from();
            MoveTrace.Press before = null, after = null;
            for (MoveTrace.Press x : pressList) {
                if (x.t() < replyBegan) before = x;
                else if (after == null) after = x;
            }
            Presses atQ = before == null ? presses.withPress(false, 0, null) : presses.withPress(true, before.t(), before.by());
            IrregularMove first = legal instanceof Candidate.Forbidden f ? kingMoveLimit(p, f.move()) : null;
            if (first == null) {
                Candidate.Irregular read = irregular(game, q, atQ);
                if (read == null) continue;
                first = read.move();
            }
            IrregularMove other = before == null ? otherReading(game, q, first) : null;
            for (IrregularMove ir : other == null ? List.of(first) : List.of(first, other)) {
                Move reply = replyTo(game, ir, seen);
                if (reply != null) return new Candidate.Irregular(ir, reply, before != null, after != null, boards.get(i).from());
            }
        }
        return null;
    }

    private static Move replyTo(GameLine game, IrregularMove ir, Occupancy seen) {
        Position then = ir.after();
        for (Move r : game.legalMoves(then)) {
            if (seen.matches(then.apply(r))) return r;
        }
        return null;
    }

    /**
     * A capture the board shows with more pieces gone than it takes: the opponent's hand lifting a
     * piece for the reply, or a piece taken off too many. Only what follows tells (the reply, the
     * piece back): the capture stays open for the held window.
     */
    Move openCapture(GameLine game, Occupancy seen, MoveTrace trace) {
        Position p = game.position();
        for (Move m : game.legalMoves()) {
            if (!m.isCapture()) break;
            if (!byMan(p, m) || trace.landed(m.to(), p.sideToMove()) < 0) continue; // where the capture ended was seen
            Position q = p.apply(m);
            if (!seen.matches(q) && PositionMatcher.onlyMissing(q, seen)) return m;
        }
        return null;
    }

    /** A capture the board shows with the opponent's reply under way (his piece landed, pieces it takes still standing). */
    Move answeredCapture(GameLine game, Occupancy seen, MoveTrace trace) {
        Position p = game.position();
        for (Move m : game.legalMoves()) {
            if (!m.isCapture()) break;
            if (!byMan(p, m) || trace.landed(m.to(), p.sideToMove()) < 0) continue;
            if (PositionMatcher.underway(p.apply(m), game.legalMovesAfter(m), seen) != null) return m;
        }
        return null;
    }

    /** The board may still become a legal move (a piece in the air, captured pieces still standing). */
    boolean onItsWay(GameLine game, Occupancy seen) {
        return PositionMatcher.transitional(game.position(), game.legalMoves(), seen);
    }

    /** The legal move the board shows partly made, or null. */
    Move underway(GameLine game, Occupancy seen) {
        return PositionMatcher.underway(game.position(), game.legalMoves(), seen);
    }

    /**
     * When a board that has been still since {@code lastChange} and that no legal move explains is
     * judged, at {@code t} or later ({@link #NEVER}: not before it changes again). A board on its way
     * to a legal move (a piece in the air, captured pieces still standing) is waited for until a
     * press says the move is over; captured pieces then get the irregular window from the press,
     * and pieces merely off the board (in a hand) get the held window.
     */
    long judgeAt(GameLine game, Occupancy seen, long t, long lastChange, Presses presses) {
        Position p = game.position();
        if (!onItsWay(game, seen)) {
            // Who moved is not known yet: the next press or the reply tells (within the held window).
            return undecided(game, seen, presses) && t - lastChange < heldMs ? lastChange + heldMs : t;
        }
        if (!presses.pressedSinceMove()) return NEVER;
        if (t - presses.lastPress() < irregularMs) return presses.lastPress() + irregularMs;
        if (PositionMatcher.onlyMissing(p, seen) && t - lastChange < heldMs) return lastChange + heldMs;
        return t;
    }

    /**
     * A king seen on a square with room beyond it along the same line may still be on its way:
     * the board reports a scan behind the hand, so the press can arrive before the last square.
     */
    static boolean mayBeDragged(Position p, Candidate c) {
        if (!(c instanceof Candidate.Play play) || play.moves().size() != 1) return false;
        Move m = play.moves().get(0);
        if (m.isCapture() || !p.pieceAt(m.from()).isKing()) return false;
        for (int d : Squares.DIAGONALS) {
            int[] ray = Squares.ray(m.from(), d);
            for (int i = 0; i < ray.length; i++) {
                if (ray[i] == m.to()) return i + 1 < ray.length && p.isEmpty(ray[i + 1]);
            }
        }
        return false;
    }
}
