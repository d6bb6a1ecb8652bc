package org.damrelay.draughts.notation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

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
     * Whether a long-form capture's intermediate squares fit this move, in order. Each must be a
     * square the piece may stop on between two captures: the turning square where the route turns,
     * any square between the two pieces where it runs straight on. Merely passing a square does
     * not count: in row A's position both captures pass 38, 24 and 13, but only one turns on 13.
     */
    public static boolean allowsWaypoints(Move move, List<Integer> via) {
        if (via.isEmpty()) return true;
        List<Integer> path = move.path();
        int segments = path.size() - 1;
        int[] directions = new int[segments];
        for (int i = 0; i < segments; i++) directions[i] = direction(path.get(i), path.get(i + 1));
        int k = 0;
        for (int i = 0; i < segments; i++) {
            boolean straightFromPrevious = i > 0 && directions[i - 1] == directions[i];
            boolean straightOn = i + 1 < segments && directions[i + 1] == directions[i];
            boolean turns = i + 1 < segments && !straightOn;
            boolean behindCaptured = false;
            for (int s : segment(path.get(i), path.get(i + 1))) {
                boolean stop;
                if (move.captures(s)) {
                    behindCaptured = true;
                    stop = false;
                } else if (behindCaptured) {
                    stop = straightOn || (turns && s == path.get(i + 1));
                } else {
                    stop = straightFromPrevious;
                }
                if (stop && k < via.size() && s == via.get(k)) k++;
            }
        }
        return k == via.size();
    }

    /** Routes beyond this many for one move are not looked at (a king sweep can have several). */
    static final int MAX_ROUTES = 256;

    /**
     * Every route (from, landing squares, to) that makes this capture in this position: the same
     * move can often be played along more than one route, and a PDN file may name any of them.
     */
    public static List<Move> routes(Position position, Variant variant, Move move) {
        List<Move> out = new ArrayList<>();
        Piece piece = position.pieceAt(move.from());
        if (!move.isCapture() || piece == null) {
            out.add(move);
            return out;
        }
        int[] directions = switch (variant) {
            case INTERNATIONAL -> Squares.DIAGONALS;
            case FRISIAN -> Squares.ALL_DIRECTIONS;
        };
        long occupied = position.occupied() & ~Squares.bit(move.from());
        List<Integer> path = new ArrayList<>();
        path.add(move.from());
        search(move, piece.isKing(), directions, occupied, move.from(), 0L, path, out);
        if (out.isEmpty()) out.add(move); // not a capture of this position: keep its own route
        return out;
    }

    private static void search(Move move, boolean king, int[] directions, long occupied, int at, long taken,
                               List<Integer> path, List<Move> out) {
        if (taken == move.captured()) {
            if (at == move.to()) out.add(new Move(move.from(), move.to(), move.captured(), path));
            return;
        }
        for (int d : directions) {
            int[] ray = Squares.ray(at, d);
            int i = 0;
            if (king) while (i < ray.length && (occupied & Squares.bit(ray[i])) == 0) i++;
            if (i >= ray.length || !move.captures(ray[i]) || (taken & Squares.bit(ray[i])) != 0) continue;
            // Captured pieces stay on the board until the capture ends, so they block the way.
            for (int j = i + 1; j < ray.length && (occupied & Squares.bit(ray[j])) == 0 && out.size() < MAX_ROUTES; j++) {
                path.add(ray[j]);
                search(move, king, directions, occupied, ray[j], taken | Squares.bit(ray[i]), path, out);
                path.remove(path.size() - 1);
                if (!king) break;
            }
        }
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
            if (ray[k] == b) return Arrays.copyOf(ray, k + 1);
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
