package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.draughts.game.DrawEvent;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * What the position matcher needs to know of the game (positions by ply, the legal moves): the
 * narrow view of {@link GameModelLine}, which plays into {@code draughts.game.Game}.
 */
interface GameLine {
    Position position();

    /** Positions from the start to now; index = ply. */
    List<Position> positions();

    /** The number of moves played (the ply of the last move). */
    int ply();

    List<Move> legalMoves();

    /** Moves of the rules' shape that the game's history forbids now (Frisian art. 17); usually none. */
    List<Move> forbiddenMoves();

    /** Legal moves of a position that is not necessarily the current one. */
    List<Move> legalMoves(Position p);

    /** The legal moves after a legal move of the current position, history rules included (Frisian art. 17). */
    List<Move> legalMovesAfter(Move move);

    void play(Move move);

    /** Records an irregular move as played (SWR 7.2): the game continues from the real position. */
    void playIrregular(Move moveOrNull, Position after);

    /** Takes moves back until ply moves remain. */
    void retractTo(int ply);

    /** The move of a ply (1-based), or null for an irregular change that was no from-to move. */
    Move moveAt(int ply);

    boolean wasIrregular(int ply);

    /** Draw counts that began and a draw by rule that occurred with the last ply. */
    List<DrawEvent> drawEvents();
}
