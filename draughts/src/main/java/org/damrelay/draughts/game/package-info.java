/**
 * Game state over the rules core: {@link org.damrelay.draughts.game.Game} holds the plies played
 * from any start position, applies the history-dependent move rule (Frisian art. 17), carries on
 * after irregular moves that stood (SWR 7.2), and keeps the draw rules' counts after every ply
 * ({@link org.damrelay.draughts.game.DrawStatus}) under a selectable rule set
 * ({@link org.damrelay.draughts.game.DrawRules}: SWR 9.2, ZWH, Frisian art. 18 and 21).
 */
package org.damrelay.draughts.game;
