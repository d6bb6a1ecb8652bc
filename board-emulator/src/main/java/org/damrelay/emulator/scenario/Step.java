package org.damrelay.emulator.scenario;

import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.board.Sensed;
import org.damrelay.emulator.PlyPlan;

/** One scenario line, parsed. {@code line} is its 1-based number in the file, for errors while playing. */
public sealed interface Step {
    int line();

    /**
     * A ply by hand. {@code squares} is the notation's squares (from, landings..., to), {@code capture}
     * whether it was written with x; {@code by} is who presses the clock (null: the side to move);
     * {@code thinkMs} the mover's think time before it (null: drawn from the timing).
     */
    record MovePly(int line, List<Integer> squares, boolean capture, PlyPlan plan, Color by, Long thinkMs) implements Step {}

    /** The last ply is undone on the board: piece back, captured pieces back, crown off. */
    record Takeback(int line) implements Step {}

    record Lift(int line, int square) implements Step {}

    /** Put down what the hand holds (piece null) or a given piece. */
    record Put(int line, int square, Sensed piece) implements Step {}

    /** Pieces taken off the board for good. */
    record Remove(int line, List<Integer> squares) implements Step {}

    record Crown(int line, int square, boolean on) implements Step {}

    /** A clock press by a side (null: the side that moved last). */
    record Press(int line, Color by) implements Step {}

    record Wait(int line, long ms) implements Step {}

    /** A piece knocked over: unseen for ms, then set up again. */
    record Knock(int line, int square, long ms) implements Step {}

    /** An off-centre piece flickering for ms. */
    record Flicker(int line, int square, long ms) implements Step {}

    /** The square reads an unknown piece code for one scan. */
    record UnknownCode(int line, int square) implements Step {}

    /** The board is turned under the position by quarter turns (2: turned round; 1: lying wrong, pieces on light fields). */
    record Turn(int line, int quarterTurns) implements Step {}

    /** The cable is pulled for ms. */
    record Unplug(int line, long ms) implements Step {}
}
