package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/** A move that is not legal in the game's current position; the message names both. */
public final class IllegalMoveException extends IllegalArgumentException {
    private final transient Move move;
    private final transient Position position;

    IllegalMoveException(Move move, Position position, String why) {
        super("illegal move " + move + " in " + position + ": " + why);
        this.move = move;
        this.position = position;
    }

    public Move move() { return move; }
    public Position position() { return position; }
}
