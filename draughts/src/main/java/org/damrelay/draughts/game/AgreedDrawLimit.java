package org.damrelay.draughts.game;

/** When an agreed draw is too early and both lose, 0-0. */
public enum AgreedDrawLimit {
    /** Before both players made 40 moves (SWR 13.4). */
    FORTY_MOVES,
    /** While both have more than 10 pieces on the board, where notation is not compulsory (SWR 13.5). */
    TEN_PIECES,
    /** No limit (e.g. Frisian rules, which have none). */
    NONE
}
