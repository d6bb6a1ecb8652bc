package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.draughts.rules.Move;

/** What a settled board can be, relative to the game: one of a few explanations, never a guess. */
sealed interface Candidate {
    /** One legal move, or two (a move and a fast reply within one scan). */
    record Play(List<Move> moves) implements Candidate {}

    /** The board is back in an earlier position of the game: moves were taken back. */
    record Retract(int toPly) implements Candidate {}

    /**
     * A move of the rules' shape that the game's history forbids: a fourth non-capturing move in a
     * row with the same king (Frisian art. 17). It is played, so it is recorded as an illegal move.
     */
    record Forbidden(Move move) implements Candidate {}

    /** The last move turned out different: another legal move from the position before it. */
    record Replace(Move move) implements Candidate {}

    /** One irregular move of SWR 7.2, recorded as played: the game goes on from the real position. */
    record Irregular(IrregularMove move) implements Candidate {}

    /**
     * Several plies since the last committed position, at least one of them irregular or more than
     * two legal ones ({@link PlySequence}): an irregular move and the play after it, in order.
     */
    record Sequence(List<PlySequence.Step> steps) implements Candidate {}

    /**
     * The last ply and pieces its player took off after it were one irregular move: the plies from
     * the position before the last one, which they correct in the open ({@link Judgement#amending}).
     */
    record Amend(List<PlySequence.Step> steps) implements Candidate {}
}
