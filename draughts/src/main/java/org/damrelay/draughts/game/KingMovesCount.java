package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;

/**
 * Consecutive king moves without a capture (SWR 9.2d; ZWH K says "without a capture or a man
 * moved", which is the same thing). Any man move or capture stops the count.
 */
record KingMovesCount(DrawRule rule) implements DrawCount {

    @Override
    public MoveCount atStart(Position start) {
        return null; // nothing has been played yet: no king moves to count
    }

    @Override
    public MoveCount resumed(Position start, int moves) {
        if ((start.kings(Color.WHITE) | start.kings(Color.BLACK)) == 0) {
            throw new IllegalArgumentException("the " + rule.label() + " count (" + rule.article() + ") counts king moves, and there is no king");
        }
        return new MoveCount(rule, 0, DrawCount.pliesOf(moves, start), moves);
    }

    @Override
    public MoveCount next(MoveCount before, Transition t) {
        if (!t.kingMoveWithoutCapture()) return null;
        int startPly = before == null ? t.ply() - 1 : before.startPly();
        int plies = before == null ? 1 : before.plies() + 1;
        return new MoveCount(rule, startPly, plies, plies / 2);
    }
}
