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
 * irregular move, a sequence of plies with an irregular one among them) and when a board is judged at all. It holds no
 * state of its own: the reconstruction tells it the game, what the board shows, the boards shown
 * and the presses since the last committed move ({@link MoveTrace}, {@link Presses}).
 *
 * <p><b>The timing rule.</b> Windows only decide <em>when</em> a board is looked at, never what it
 * means: whatever the opponent's tempo, the same boards give the same record. A legal move is
 * committed as soon as the board shows it (a press, or the settle window); a capture stays open
 * for late removals until the opponent's move is evident or the irregular window has passed
 * ({@link #keepsOpen}). A board no legal move explains is judged after the irregular window, or
 * right after a press ({@link #judgeAt}), as the simplest sequence of plies through the boards
 * shown since the last move ({@link #sequence}: an irregular move, its reply and the moves after
 * it, whatever their tempo), committed as soon as a legal ply after the irregular one shows what
 * it was; else as one irregular move; else it is POSITION_UNKNOWN.
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
        List<PlySequence.Step> sequence = sequence(game, seen, trace, presses);
        // the last quiet move and a piece its player took off after it: one irregular move, when that reads simpler
        List<PlySequence.Step> amending = amending(game, seen, trace, presses, sequence);
        if (amending != null && amending.size() > 1 && !amending.get(amending.size() - 1).isIrregular()) {
            return new Verdict.Commit(new Candidate.Amend(amending));
        }
        // play went on after an irregular move: the plies after it show what it was
        if (sequence != null && sequence.size() > 1 && !sequence.get(sequence.size() - 1).isIrregular()) {
            return new Verdict.Commit(new Candidate.Sequence(sequence));
        }
        Move answered = answeredCapture(game, seen, trace);
        // the opponent's move is evident: the capture is over, the reply is waited for like any move
        if (answered != null) return new Verdict.Commit(new Candidate.Play(List.of(answered)));
        long at = judgeAt(game, seen, t, lastChange, presses);
        if (at > t) return new Verdict.Wait(at);
        // an irregular move answered by an irregular one (a double irregularity), both as played
        if (sequence != null && sequence.size() > 1) return new Verdict.Commit(new Candidate.Sequence(sequence));
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
        return ir != null && otherReading(game.position(), game.legalMoves(), seen, ir.move()) != null;
    }

    /** The other reading of a piece of the side not to move that was moved (MOVED_TWICE for OPPONENT_PIECE_MOVED and back). */
    private IrregularMove otherReading(Position p, List<Move> legal, Occupancy seen, IrregularMove ir) {
        if (ir.kind() != IllegalKind.MOVED_TWICE && ir.kind() != IllegalKind.OPPONENT_PIECE_MOVED) return null;
        return classifier.classify(p, legal, seen, ir.kind() == IllegalKind.OPPONENT_PIECE_MOVED);
    }

    /**
     * The board was cleared, as after a resignation: pieces of both colours gone, at least half of
     * all, and what is left stands where the game has it (nothing moved). No move or pair of moves
     * takes pieces of both colours without moving one, so this is never a move.
     */
    static boolean cleared(Position p, Occupancy seen) {
        long white = p.pieces(Color.WHITE), black = p.pieces(Color.BLACK);
        if (seen.unknown() != 0 || (seen.white() & ~white) != 0 || (seen.black() & ~black) != 0) return false;
        int had = Long.bitCount(white | black), left = Long.bitCount(seen.white() | seen.black());
        return seen.white() != white && seen.black() != black && 2 * (had - left) >= had;
    }

    /**
     * Pieces of the player to move taken off right after the opponent's quiet move, before any
     * reply: the opponent's hand still at work, so his move and the removal are one irregular move
     * (SWR 7.2), as the judgement reads them when the board shows both before the move is
     * committed. That move from the position before the last one, or null when {@code removal} is
     * no such thing.
     */
    IrregularMove withLastMove(GameModelLine game, IrregularMove removal) {
        int ply = game.ply();
        if (removal.kind() != IllegalKind.REMOVED_WITHOUT_CAPTURE || removal.move() != null || lastQuietMove(game) == null) return null;
        Position p = game.position();
        long removed = p.occupied() & ~removal.after().occupied();
        if (removed == 0 || (removed & ~p.pieces(p.sideToMove())) != 0) return null;
        Position before = game.positions().get(ply - 1), after = removal.after();
        IrregularMove whole = classifier.classify(before, game.legalMoves(before),
                new Occupancy(after.pieces(Color.WHITE), after.pieces(Color.BLACK), 0, 0, 0), false);
        return whole != null && whole.kind() == IllegalKind.REMOVED_WITHOUT_CAPTURE && whole.mover() == before.sideToMove() ? whole : null;
    }

    /** The last ply when it was a legal quiet move (the only kind a removal after it can amend), else null. */
    private static Move lastQuietMove(GameModelLine game) {
        int ply = game.ply();
        if (ply == 0 || game.wasIrregular(ply)) return null;
        Move last = game.moveAt(ply);
        return last == null || last.isCapture() ? null : last;
    }

    /**
     * The board read from the position before the last ply, that ply and pieces its player took off
     * after it being one irregular move ({@link #withLastMove}), and the plies after it: when that
     * is the simpler explanation than the one from the last committed position (fewer irregular
     * plies, or as many and fewer plies in all), else null.
     */
    List<PlySequence.Step> amending(GameLine game, Occupancy seen, MoveTrace trace, Presses presses, List<PlySequence.Step> fromLast) {
        if (!(game instanceof GameModelLine line)) return null;
        Move last = lastQuietMove(line);
        if (last == null) return null;
        List<PlySequence.Step> steps = sequence(new GameModelLine(line.game().truncate(line.ply() - 1)), seen, trace, presses);
        if (steps == null || !steps.get(0).isIrregular()) return null;
        IrregularMove first = steps.get(0).irregular();
        if (first.kind() != IllegalKind.REMOVED_WITHOUT_CAPTURE || first.move() == null
                || first.move().from() != last.from() || first.move().to() != last.to()) return null;
        if (fromLast == null) return steps;
        long irregular = steps.stream().filter(PlySequence.Step::isIrregular).count();
        long irregularFromLast = fromLast.stream().filter(PlySequence.Step::isIrregular).count();
        return irregular < irregularFromLast || irregular == irregularFromLast && steps.size() - 1 < fromLast.size() ? steps : null;
    }

    /** Frisian art. 17: a fourth non-capturing move in a row with the same king, recorded as played. */
    static IrregularMove kingMoveLimit(Position before, Move m) {
        Color mover = before.sideToMove();
        return new IrregularMove(IllegalKind.KING_MOVE_LIMIT, mover, m, before.apply(m), List.of(m.from(), m.to()),
                Rulebook.name(mover) + " played the king on " + m.from() + " (" + m + ") for a fourth non-capturing move in a row"
                        + " while still having men: art. 17 allows three");
    }

    /**
     * The plies since the last committed move that lead to {@code seen} through the boards shown
     * ({@link PlySequence}). Who moved a piece of the side not to move is read from the press
     * after it first; the next ply settles it where no press registered (a second press of the
     * same player cannot: the lever is down), so both readings are tried then.
     */
    List<PlySequence.Step> sequence(GameLine game, Occupancy seen, MoveTrace trace, Presses presses) {
        List<MoveTrace.Press> pressList = trace.presses();
        return PlySequence.explain(game, seen, trace.boards(), pressList, (q, legal, board, first, since, until) -> {
            MoveTrace.Press before = null;
            for (MoveTrace.Press x : pressList) if (x.t() > since && x.t() < until) before = x;
            IrregularMove read;
            if (first) {
                Presses atQ = before == null ? presses.withPress(false, 0, null) : presses.withPress(true, before.t(), before.by());
                Candidate.Irregular one = irregular(game, board, atQ);
                read = one == null ? null : one.move();
            } else {
                // the ply before was this sequence's own, unconfirmed unless its player pressed
                Color x = q.sideToMove().opposite();
                read = classifier.classify(q, legal, board, before == null || before.by() == null || before.by() == x);
            }
            if (read == null) return List.of();
            IrregularMove other = before == null ? otherReading(q, legal, board, read) : null;
            return other == null ? List.of(read) : List.of(read, other);
        });
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
