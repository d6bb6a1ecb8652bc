package org.damrelay.draughts.rules;

import java.util.List;

/** Non-capturing moves, the same in both variants: men one step forward, kings fly diagonally. */
final class QuietMoves {
    private QuietMoves() {}

    static void addAll(Position p, List<Move> out) {
        Color side = p.sideToMove();
        long occ = p.occupied();
        int[] forward = Squares.forward(side);
        for (long men = p.men(side); men != 0; men &= men - 1) {
            int from = Long.numberOfTrailingZeros(men);
            for (int d : forward) {
                int[] ray = Squares.ray(from, d);
                if (ray.length > 0 && (occ & Squares.bit(ray[0])) == 0) out.add(Move.quiet(from, ray[0]));
            }
        }
        for (long kings = p.kings(side); kings != 0; kings &= kings - 1) {
            int from = Long.numberOfTrailingZeros(kings);
            for (int d : Squares.DIAGONALS) {
                for (int to : Squares.ray(from, d)) {
                    if ((occ & Squares.bit(to)) != 0) break;
                    out.add(Move.quiet(from, to));
                }
            }
        }
    }
}
