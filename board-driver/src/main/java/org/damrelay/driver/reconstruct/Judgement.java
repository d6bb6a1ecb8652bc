package org.damrelay.driver.reconstruct;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

/**
 * The judgement of what was played: which explanation fits a board the hand has left
 * ({@link Candidate}: a legal move or two, a takeback, a replaced move, a forbidden king move, an
 * irregular move) and when a board that no legal move explains is judged at all (the timing rule,
 * {@link #judgeAt}). It holds no state of its own: the reconstruction tells it the game, what the
 * board shows and what the clock said ({@link Presses}), so it can be tested alone.
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

    /**
     * What the clock said since the last committed move, as far as the judgement needs it.
     *
     * @param pressedSinceMove the clock was pressed since the last committed move
     * @param lastPress        the capture time of that press
     * @param moveUnconfirmed  a move was committed and no press has confirmed it yet
     * @param clockInUse       a clock is connected and running
     * @param runningAtChange  whose clock ran when the board began to change (null: unknown)
     */
    record Presses(boolean pressedSinceMove, long lastPress, boolean moveUnconfirmed, boolean clockInUse, Color runningAtChange) {}

    /**
     * The legal explanation of what the board shows: a legal move (or, {@code deep}, a move and a
     * reply), a forbidden king move, a replaced last move or (with {@code withRetract}) a takeback.
     */
    Candidate legal(GameLine game, Occupancy seen, boolean deep, boolean withRetract) {
        return PositionMatcher.find(game, seen, deep, withRetract);
    }

    /**
     * The board as one irregular move (SWR 7.2), or null when it is none (POSITION_UNKNOWN).
     * Who moved a piece of the side not to move: the lever says it where the clock sides are known
     * (whose clock ran when the change began), pressed since the last move or not. Else a last move
     * confirmed by a press means the player to move made this change, not the last mover again.
     */
    Candidate.Irregular irregular(GameLine game, Occupancy seen, Presses presses) {
        Color running = presses.runningAtChange();
        Position p = game.position();
        boolean lastMoverAgain = running != null ? game.ply() >= 1 && running != p.sideToMove()
                : game.ply() >= 1 && !presses.pressedSinceMove() && (!presses.clockInUse() || presses.moveUnconfirmed());
        IrregularMove ir = classifier.classify(p, game.legalMoves(), seen, lastMoverAgain);
        return ir == null ? null : new Candidate.Irregular(ir);
    }

    /**
     * The timing rule: when a board that has been still since {@code lastChange} and that no legal
     * move explains is judged, at {@code t} or later ({@link #NEVER}: not before it changes again).
     * A board on its way to a legal move (a piece in the air, captured pieces still standing) is
     * waited for until a press says the move is over; captured pieces then get the irregular window
     * from the press, and pieces merely off the board (in a hand) get the held window.
     */
    long judgeAt(GameLine game, Occupancy seen, long t, long lastChange, Presses presses) {
        Position p = game.position();
        if (!onItsWay(game, seen)) return t;
        if (!presses.pressedSinceMove()) return NEVER;
        if (t - presses.lastPress() < irregularMs) return presses.lastPress() + irregularMs;
        if (PositionMatcher.onlyMissing(p, seen) && t - lastChange < heldMs) return lastChange + heldMs;
        return t;
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
