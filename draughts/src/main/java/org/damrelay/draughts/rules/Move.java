package org.damrelay.draughts.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A move as a value. Its identity is (from, to, captured set): two capture paths that start and
 * end on the same squares and take the same pieces are one move (SWR 6; PDN 3.0). The path keeps
 * the landing squares of one such route (from first, to last) for notation and for display.
 *
 * @param from     the square the moving piece starts on
 * @param to       the square it stops on
 * @param captured the captured squares as a bit set (bit n = square n); 0 for a non-capture
 * @param path     from, every landing square of a capture, to (just from and to for a plain move)
 */
public record Move(int from, int to, long captured, List<Integer> path) {

    public Move {
        if (!Squares.isValid(from) || !Squares.isValid(to)) {
            throw new IllegalArgumentException("square out of range in move " + from + "-" + to);
        }
        path = List.copyOf(path);
        if (path.size() < 2 || path.get(0) != from || path.get(path.size() - 1) != to) {
            throw new IllegalArgumentException("path " + path + " does not run from " + from + " to " + to);
        }
    }

    /** A plain (non-capturing) move. */
    public static Move quiet(int from, int to) {
        return new Move(from, to, 0L, List.of(from, to));
    }

    public boolean isCapture() {
        return captured != 0L;
    }

    public int captureCount() {
        return Long.bitCount(captured);
    }

    /** The captured squares in ascending order. */
    public List<Integer> capturedSquares() {
        List<Integer> out = new ArrayList<>(Long.bitCount(captured));
        for (long c = captured; c != 0; c &= c - 1) out.add(Long.numberOfTrailingZeros(c));
        return out;
    }

    public boolean captures(int square) {
        return (captured & Squares.bit(square)) != 0;
    }

    /** The short PDN form: {@code 32-28} or {@code 28x19}. */
    @Override
    public String toString() {
        return from + (isCapture() ? "x" : "-") + to;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Move m && m.from == from && m.to == to && m.captured == captured;
    }

    @Override
    public int hashCode() {
        return Objects.hash(from, to, captured);
    }
}
