package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * One half-move of a game and the state after it.
 *
 * @param number     1 for the first ply of the game
 * @param mover      the side that was to move
 * @param move       the legal move played, or null for an irregular ply (SWR 7.2)
 * @param after      the position after it
 * @param kingRuns   Frisian art. 17 state after it
 * @param drawStatus the draw rules after it
 */
public record Ply(int number, Color mover, Move move, Position after, KingRuns kingRuns, DrawStatus drawStatus) {

    /** An irregular move that stood: the position is known, no legal move led to it. */
    public boolean isIrregular() {
        return move == null;
    }
}
