package org.damrelay.draughts.game;

/** Why a game ended; the names match the arbiter events where there is one. */
public enum Termination {
    /** Not over. */
    NONE,
    /** The side to move has no legal move and loses (SWR 8.1). */
    NO_LEGAL_MOVES,
    /** A draw rule of the game's rule set applied (SWR 9.2, ZWH H, Frisian 18 and 21). */
    DRAW_BY_RULE,
    /** A draw agreed in time (SWR 9.1). */
    DRAW_AGREED,
    /** A draw agreed before the threshold: both lose, 0-0 (SWR 13.4, 13.5). */
    EARLY_DRAW_AGREED,
    /** A player resigned (SWR 8.2). */
    RESIGNATION
}
