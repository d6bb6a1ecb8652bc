package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;

/** A counted draw rule: when its count begins, how it goes on, and when it stops. */
interface DrawCount {
    DrawRule rule();

    /** The count in a game's start position, or null when none runs there. */
    MoveCount atStart(Position start);

    /** The count after a ply, given the count before it (null when none ran); null when none runs. */
    MoveCount next(MoveCount before, Transition t);

    /**
     * The count of an adjourned game resumed in {@code start} with {@code moves} already counted.
     *
     * @throws IllegalArgumentException when this count cannot run in that position
     */
    MoveCount resumed(Position start, int moves);

    /** Plies behind {@code moves} moves by both when the game resumes in {@code start}: with black to move, white's half is played. */
    static int pliesOf(int moves, Position start) {
        return 2 * moves + (start.sideToMove() == Color.BLACK ? 1 : 0);
    }
}
