package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

/**
 * Every capture a piece could make from its square, stopping anywhere, maximal or not. The rules
 * core only yields the legal (maximal, complete) captures; telling "took too few" from "took the
 * wrong ones" after an irregular capture needs the others too.
 */
final class CapturePaths {
    private CapturePaths() {}

    /** Captures (at least one piece) by the piece on {@code from}, including partial sequences. */
    static List<Move> from(Position p, int from, Variant variant) {
        List<Move> out = new ArrayList<>();
        if (p.pieceAt(from) == null) return out;
        Color side = p.pieceAt(from).color();
        boolean king = p.pieceAt(from).isKing();
        int[] dirs = variant == Variant.FRISIAN ? Squares.ALL_DIRECTIONS : Squares.DIAGONALS;
        List<Integer> path = new ArrayList<>(List.of(from));
        search(from, from, king, 0L, path, p.occupied() & ~Squares.bit(from), p.pieces(side.opposite()), dirs, out, 0);
        return out;
    }

    private static void search(int from, int cur, boolean king, long captured, List<Integer> path, long occ,
                               long enemies, int[] dirs, List<Move> out, int depth) {
        if (depth > 20) return;
        for (int d : dirs) {
            int[] ray = Squares.ray(cur, d);
            int i = 0;
            if (king) while (i < ray.length && (occ & Squares.bit(ray[i])) == 0) i++;
            if (i >= ray.length) continue;
            long victim = Squares.bit(ray[i]);
            if ((enemies & victim) == 0 || (captured & victim) != 0) continue;
            for (int j = i + 1; j < ray.length && (occ & Squares.bit(ray[j])) == 0; j++) {
                path.add(ray[j]);
                out.add(new Move(from, ray[j], captured | victim, path));
                search(from, ray[j], king, captured | victim, path, occ, enemies, dirs, out, depth + 1);
                path.remove(path.size() - 1);
                if (!king) break;
            }
        }
    }

    /**
     * The captured squares of a move in the order they are jumped along its path (for judging the
     * order the player took them off). Falls back to ascending order when the path is not known.
     */
    static List<Integer> jumpOrder(Move m) {
        List<Integer> order = new ArrayList<>();
        List<Integer> path = m.path();
        for (int k = 0; k + 1 < path.size(); k++) {
            int a = path.get(k), b = path.get(k + 1);
            for (int d : Squares.ALL_DIRECTIONS) {
                int[] ray = Squares.ray(a, d);
                int idx = indexOf(ray, b);
                if (idx < 0) continue;
                for (int i = 0; i < idx; i++) if (m.captures(ray[i]) && !order.contains(ray[i])) order.add(ray[i]);
                break;
            }
        }
        if (order.size() != m.captureCount()) return m.capturedSquares();
        return order;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
        return -1;
    }
}
