package org.damrelay.draughts.rules;

import java.util.List;

/** Generates the legal moves of a position under one variant's rules. */
public interface MoveGenerator {
    /**
     * Every distinct legal move (by from, to and captured set) for the side to move. History
     * dependent restrictions (Frisian art. 17) are applied by {@code Game}, not here.
     */
    List<Move> legalMoves(Position position);
}
