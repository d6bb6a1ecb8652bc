package org.damrelay.draughts.game;

import java.util.function.Predicate;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;

/**
 * A count that runs while the material on the board stays in a class of endgames: it begins when
 * a position of the starting class arises and goes on while positions stay in the continuing
 * class (the 16-move count keeps running into 2-against-1, so that the 16- and 5-move counts do
 * not stack: manual 5.2.2).
 */
record EndgameCount(DrawRule rule, Predicate<Material> starts, Predicate<Material> continues, Unit unit)
        implements DrawCount {

    /** What a count counts. */
    enum Unit {
        /** Moves by both players: one for every two plies. */
        MOVES_BY_BOTH,
        /** Moves of the side with more pieces (Frisian art. 18). */
        MOVES_BY_STRONGER
    }

    @Override
    public MoveCount atStart(Position start) {
        return starts.test(Material.of(start)) ? MoveCount.startingAt(rule, 0) : null;
    }

    @Override
    public MoveCount resumed(Position start, int moves) {
        if (!continues.test(Material.of(start))) {
            throw new IllegalArgumentException("the " + rule.label() + " count (" + rule.article() + ") does not run with "
                    + Material.of(start) + " on the board");
        }
        return new MoveCount(rule, 0, unit == Unit.MOVES_BY_BOTH ? DrawCount.pliesOf(moves, start) : 2 * moves, moves);
    }

    @Override
    public MoveCount next(MoveCount before, Transition t) {
        Material after = Material.of(t.after());
        if (before != null && continues.test(after)) {
            int plies = before.plies() + 1;
            int moves = switch (unit) {
                case MOVES_BY_BOTH -> plies / 2;
                case MOVES_BY_STRONGER -> before.moves() + (t.mover() == stronger(Material.of(t.before())) ? 1 : 0);
            };
            return new MoveCount(rule, before.startPly(), plies, moves);
        }
        return starts.test(after) ? MoveCount.startingAt(rule, t.ply()) : null;
    }

    private static Color stronger(Material m) {
        return m.pieces(Color.WHITE) >= m.pieces(Color.BLACK) ? Color.WHITE : Color.BLACK;
    }
}
