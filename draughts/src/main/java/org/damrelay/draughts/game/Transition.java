package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/** One ply as the draw counts see it: the positions around it and what kind of move it was. */
record Transition(int ply, Position before, Position after, boolean kingMoveWithoutCapture) {

    Color mover() {
        return before.sideToMove();
    }

    static Transition of(int ply, Position before, Move move, Position after) {
        boolean king = before.pieceAt(move.from()).isKing() && !move.isCapture();
        return new Transition(ply, before, after, king);
    }

    /**
     * An irregular ply: only the board says what happened. It was a king move without a capture
     * when no man moved or left, nothing left the board, and a king changed square.
     */
    static Transition irregular(int ply, Position before, Position after) {
        boolean sameMen = before.men(Color.WHITE) == after.men(Color.WHITE)
                && before.men(Color.BLACK) == after.men(Color.BLACK);
        boolean sameCount = Material.of(before).equals(Material.of(after));
        boolean kingsMoved = before.kings(Color.WHITE) != after.kings(Color.WHITE)
                || before.kings(Color.BLACK) != after.kings(Color.BLACK);
        return new Transition(ply, before, after, sameMen && sameCount && kingsMoved);
    }
}
