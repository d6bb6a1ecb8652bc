package org.damrelay.draughts.notation;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Squares;

/**
 * The squares a move's route runs over, and the intermediate squares PDN's long capture form
 * names: one per captured piece but the last, where the path turns, or right behind the captured
 * piece when it runs straight on (shared/spec/rules.md, test-positions.md row A).
 */
public final class CaptureRoute {
    private CaptureRoute() {}

    /** Every square the piece passes over or lands on after leaving {@code from}, in order, {@code to} last. */
    public static List<Integer> squaresPassed(Move move) {
        List<Integer> out = new ArrayList<>();
        List<Integer> path = move.path();
        for (int i = 0; i + 1 < path.size(); i++) {
            for (int s : segment(path.get(i), path.get(i + 1))) out.add(s);
        }
        return out;
    }

    /** The long form's intermediate squares (empty for a move that captures at most one piece). */
    public static List<Integer> waypoints(Move move) {
        List<Integer> path = move.path();
        List<Integer> out = new ArrayList<>();
        if (!move.isCapture() || path.size() != move.captureCount() + 1) return out;
        for (int i = 1; i + 1 < path.size(); i++) {
            int inDir = direction(path.get(i - 1), path.get(i));
            int outDir = direction(path.get(i), path.get(i + 1));
            if (inDir != outDir) {
                out.add(path.get(i));
            } else {
                out.add(rightBehindCaptured(move, segment(path.get(i - 1), path.get(i))));
            }
        }
        return out;
    }

    /**
     * Whether a long-form capture's intermediate squares fit this move: each must be a square the
     * piece may stop on between captures (behind a captured piece, up to where it turns or meets
     * the next piece), in order. Merely passing a square on the way to a piece does not count:
     * in row A's position both captures pass 38, 24 and 13, but only one may stop on 13.
     */
    public static boolean allowsWaypoints(Move move, List<Integer> via) {
        if (via.isEmpty()) return true;
        List<Integer> path = move.path();
        int k = 0, previousDirection = -1;
        for (int i = 0; i + 1 < path.size(); i++) {
            int direction = direction(path.get(i), path.get(i + 1));
            boolean behindCaptured = false;
            for (int s : segment(path.get(i), path.get(i + 1))) {
                if (move.captures(s)) {
                    behindCaptured = true;
                } else if ((behindCaptured || direction == previousDirection) && k < via.size() && s == via.get(k)) {
                    k++;
                }
            }
            previousDirection = direction;
        }
        return k == via.size();
    }

    private static int rightBehindCaptured(Move move, int[] segment) {
        for (int k = 0; k + 1 < segment.length; k++) {
            if (move.captures(segment[k])) return segment[k + 1];
        }
        throw new IllegalStateException("no captured piece on a capture segment of " + move);
    }

    /** The squares from a (exclusive) to b (inclusive) along their common line. */
    static int[] segment(int a, int b) {
        int d = direction(a, b);
        int[] ray = Squares.ray(a, d);
        for (int k = 0; k < ray.length; k++) {
            if (ray[k] == b) return java.util.Arrays.copyOf(ray, k + 1);
        }
        throw new IllegalStateException("unreachable: " + b + " on ray from " + a);
    }

    static int direction(int a, int b) {
        for (int d : Squares.ALL_DIRECTIONS) {
            for (int s : Squares.ray(a, d)) if (s == b) return d;
        }
        throw new IllegalArgumentException("squares " + a + " and " + b + " are not on one line");
    }
}
