package org.damrelay.driver.reconstruct;

import java.util.List;
import java.util.function.BiPredicate;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * Matches a settled board against positions, not against events: the legal moves from the
 * current position, the position before the last move (a replaced move), earlier positions
 * (takebacks) and, when asked, two plies deep (a fast reply within one scan). Under the
 * maximum-capture rule a half-finished capture never equals a legal result, so exact matching
 * of colour and occupancy is safe.
 */
final class PositionMatcher {
    private PositionMatcher() {}

    static Candidate find(GameLine game, Occupancy seen, boolean deep, boolean withRetract) {
        return find(game, seen, deep, withRetract, (m, r) -> true);
    }

    /** @param inOrder whether the board's history allows the move {@code m} to have come before the reply {@code r} */
    static Candidate find(GameLine game, Occupancy seen, boolean deep, boolean withRetract, BiPredicate<Move, Move> inOrder) {
        Position p = game.position();
        for (Move m : game.legalMoves()) {
            if (seen.matches(p.apply(m))) return new Candidate.Play(List.of(m));
        }
        for (Move m : game.forbiddenMoves()) {
            // before takebacks: a king going back to where it stood three plies ago is a fourth move, not three taken back
            if (seen.matches(p.apply(m))) return new Candidate.Forbidden(m);
        }
        int ply = game.ply();
        if (ply >= 1) {
            Position before = game.positions().get(ply - 1);
            Move last = game.wasIrregular(ply) ? null : game.moveAt(ply);
            for (Move m : game.legalMoves(before)) {
                if (!m.equals(last) && seen.matches(before.apply(m))) return new Candidate.Replace(m);
            }
        }
        if (withRetract) {
            List<Position> history = game.positions();
            for (int k = ply - 1; k >= 0; k--) {
                if (seen.matches(history.get(k))) return new Candidate.Retract(k);
            }
        }
        if (deep) {
            for (Move m : game.legalMoves()) {
                Position q = p.apply(m);
                // The first ply's mover must already stand as seen, apart from pieces the reply takes.
                if ((seen.pieces(p.sideToMove()) & ~q.pieces(p.sideToMove())) != 0) continue;
                for (Move r : game.legalMovesAfter(m)) {
                    if (seen.matches(q.apply(r)) && inOrder.test(m, r)) return new Candidate.Play(List.of(m, r));
                }
            }
        }
        return null;
    }

    /**
     * Whether the board may be on its way to a legal move (or just has pieces in the air): every
     * piece it shows stands where it stood, where the move puts it, or, for the mover, on a
     * landing square of the capture path.
     */
    static boolean transitional(Position p, List<Move> legal, Occupancy seen) {
        if (seen.unknown() != 0 || seen.strays() != 0) return false;
        var mover = p.sideToMove();
        var other = mover.opposite();
        if (onlyMissing(p, seen)) return true;
        return underway(p, legal, seen) != null;
    }

    /** The board differs from the position only by pieces that are off it (in a hand, knocked over). */
    static boolean onlyMissing(Position p, Occupancy seen) {
        return seen.unknown() == 0 && seen.strays() == 0
                && (seen.white() & ~p.pieces(Color.WHITE)) == 0 && (seen.black() & ~p.pieces(Color.BLACK)) == 0;
    }

    /** The legal move the board shows partly made (a piece where the move puts it), or null. */
    static Move underway(Position p, List<Move> legal, Occupancy seen) {
        if (seen.unknown() != 0 || seen.strays() != 0) return null;
        var mover = p.sideToMove();
        var other = mover.opposite();
        if ((seen.pieces(mover) & ~p.pieces(mover)) == 0) return null;
        for (Move m : legal) {
            Position q = p.apply(m);
            long path = 0;
            for (int s : m.path()) path |= 1L << s;
            if ((seen.pieces(mover) & ~(p.pieces(mover) | q.pieces(mover) | path)) == 0
                    && (seen.pieces(other) & ~p.pieces(other)) == 0) return m;
        }
        return null;
    }
}
