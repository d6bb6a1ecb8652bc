package org.damrelay.bench.screen;

import org.damrelay.draughts.rules.Move;

/**
 * When the emulated hand finished one ply, on its timeline's clock (ms): the last change of a piece
 * on the move's squares (its path and the captured squares, a crown at once included) and the
 * first clock press at or after it (NaN: none, or only before the move was complete). As the
 * reconstruction benchmark counts them (docs/benchmarks.md, "Reconstruction").
 *
 * @param ply 1 = white's first move
 */
public record PlyMoments(int ply, Move move, double lastChangeMs, double pressMs) {

    public boolean pressed() {
        return !Double.isNaN(pressMs);
    }

    public boolean capture() {
        return move.isCapture();
    }
}
