package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Squares;

/** Squares a piece passes between two landing points, and the captured pieces in the order they were jumped. */
public final class CaptureGeometry {
    private CaptureGeometry() {}

    /** The squares strictly between a and b on their diagonal (or Frisian orthogonal) line; empty if they are not on one. */
    public static List<Integer> between(int a, int b) {
        int r1 = Squares.row(a), c1 = Squares.col(a), r2 = Squares.row(b), c2 = Squares.col(b);
        int dr = Integer.signum(r2 - r1), dc = Integer.signum(c2 - c1);
        if (Math.abs(r2 - r1) == Math.abs(c2 - c1)) {
            // diagonal: unit steps
        } else if (dc == 0 && (r2 - r1) % 2 == 0) {
            dr *= 2;
        } else if (dr == 0 && (c2 - c1) % 2 == 0) {
            dc *= 2;
        } else {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (int r = r1 + dr, c = c1 + dc; r != r2 || c != c2; r += dr, c += dc) {
            int s = Squares.square(r, c);
            if (s == 0) return List.of();
            out.add(s);
        }
        return out;
    }

    /** The captured squares in the order the path jumps them; any not found on the path follow in ascending order. */
    public static List<Integer> capturedInOrder(Move move) {
        List<Integer> out = new ArrayList<>();
        List<Integer> path = move.path();
        for (int i = 0; i + 1 < path.size(); i++) {
            for (int s : between(path.get(i), path.get(i + 1))) {
                if (move.captures(s) && !out.contains(s)) out.add(s);
            }
        }
        for (int s : move.capturedSquares()) if (!out.contains(s)) out.add(s);
        return out;
    }
}
