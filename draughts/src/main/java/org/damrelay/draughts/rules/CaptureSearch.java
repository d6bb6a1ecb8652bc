package org.damrelay.draughts.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds every complete capture sequence of one side: a piece jumps while it can, captured pieces
 * stay on the board (blocking) until the capture ends and are never jumped twice, and a square
 * may be passed more than once (SWR 6.1; Frisian art. 13-14). Selection among the sequences
 * (most pieces, most value) is the caller's.
 */
final class CaptureSearch {

    /** A complete capture with the number of kings it takes, for value rules. */
    record Found(Move move, int kingsTaken, boolean byKing) {}

    private final int[] manDirections;
    private final int[] kingDirections;

    CaptureSearch(int[] manDirections, int[] kingDirections) {
        this.manDirections = manDirections;
        this.kingDirections = kingDirections;
    }

    List<Found> all(Position p) {
        Color side = p.sideToMove();
        long enemies = p.pieces(side.opposite());
        long enemyKings = p.kings(side.opposite());
        // Distinct by (from, to, captured): the first path found stands for the move.
        Map<Move, Found> out = new LinkedHashMap<>();
        for (long own = p.pieces(side); own != 0; own &= own - 1) {
            int from = Long.numberOfTrailingZeros(own);
            boolean king = (p.kings(side) & Squares.bit(from)) != 0;
            long occ = p.occupied() & ~Squares.bit(from); // the capturing piece has left its square
            List<Integer> path = new ArrayList<>();
            path.add(from);
            search(from, from, king, 0L, path, occ, enemies, enemyKings, out);
        }
        return new ArrayList<>(out.values());
    }

    private void search(int from, int cur, boolean king, long captured, List<Integer> path, long occ,
                        long enemies, long enemyKings, Map<Move, Found> out) {
        boolean extended = false;
        for (int d : king ? kingDirections : manDirections) {
            int[] ray = Squares.ray(cur, d);
            int i = 0;
            if (king) {
                while (i < ray.length && (occ & Squares.bit(ray[i])) == 0) i++;
            }
            if (i >= ray.length) continue;
            long victim = Squares.bit(ray[i]);
            if ((enemies & victim) == 0 || (captured & victim) != 0) continue;
            for (int j = i + 1; j < ray.length && (occ & Squares.bit(ray[j])) == 0; j++) {
                extended = true;
                path.add(ray[j]);
                search(from, ray[j], king, captured | victim, path, occ, enemies, enemyKings, out);
                path.remove(path.size() - 1);
                if (!king) break; // a man lands right behind the piece it jumps
            }
        }
        if (!extended && captured != 0) {
            Move m = new Move(from, cur, captured, path);
            out.putIfAbsent(m, new Found(m, Long.bitCount(captured & enemyKings), king));
        }
    }
}
