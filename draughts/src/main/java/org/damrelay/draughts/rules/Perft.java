package org.damrelay.draughts.rules;

/** Counts leaf nodes of the legal-move tree: the standard check of a move generator. */
public final class Perft {
    private Perft() {}

    public static long count(MoveGenerator gen, Position p, int depth) {
        if (depth == 0) return 1;
        var moves = gen.legalMoves(p);
        if (depth == 1) return moves.size();
        long n = 0;
        for (Move m : moves) n += count(gen, p.apply(m), depth - 1);
        return n;
    }
}
