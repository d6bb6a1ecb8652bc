package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Position;

/** A counted draw rule: when its count begins, how it goes on, and when it stops. */
interface DrawCount {
    DrawRule rule();

    /** The count in a game's start position, or null when none runs there. */
    MoveCount atStart(Position start);

    /** The count after a ply, given the count before it (null when none ran); null when none runs. */
    MoveCount next(MoveCount before, Transition t);
}
