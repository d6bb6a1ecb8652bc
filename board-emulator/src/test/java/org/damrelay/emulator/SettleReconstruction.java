package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * A deliberately naive reader, the yardstick for "noise keeps a legal game legal": when the
 * reported board has been still for a settle time, it looks for one or two legal plies (crowns
 * ignored, since a crown may come late) that lead from the last known position to what is on
 * the board, and commits them. Any noise that makes it commit a wrong move, or miss one, is noise
 * a correct driver could not see through.
 */
final class SettleReconstruction implements BoardObserver {
    private final long settleMs;
    private final boolean turned;
    private final Sensed[] board = new Sensed[Fields.COUNT];
    private Position position;
    private long lastChange = Long.MIN_VALUE / 2;
    private boolean dirty;
    final List<Move> committed = new ArrayList<>();

    SettleReconstruction(Position start, long settleMs, boolean turned) {
        this.position = start;
        this.settleMs = settleMs;
        this.turned = turned;
        Arrays.fill(board, Sensed.EMPTY);
    }

    private void before(long t) {
        if (dirty && t - lastChange >= settleMs) settle();
    }

    @Override public void onBoard(long t, Sensed[] fields) {
        before(t);
        System.arraycopy(fields, 0, board, 0, Fields.COUNT);
        lastChange = t;
        dirty = true;
    }

    @Override public void onFieldChange(long t, int field, Sensed now) {
        before(t);
        board[field] = now;
        lastChange = t;
        dirty = true;
    }

    @Override public void onClock(long t, ClockReading clock) { before(t); }

    @Override public void onLink(long t, boolean connected) { before(t); }

    /** Call after the last event. */
    List<Move> finish() {
        if (dirty) settle();
        return committed;
    }

    private void settle() {
        dirty = false;
        String seen = occupancy();
        if (seen.equals(occupancy(position))) return;
        for (Move m1 : Variant.INTERNATIONAL.legalMoves(position)) {
            Position p1 = position.apply(m1);
            if (seen.equals(occupancy(p1))) {
                committed.add(m1);
                position = p1;
                return;
            }
        }
        for (Move m1 : Variant.INTERNATIONAL.legalMoves(position)) {
            Position p1 = position.apply(m1);
            for (Move m2 : Variant.INTERNATIONAL.legalMoves(p1)) {
                Position p2 = p1.apply(m2);
                if (seen.equals(occupancy(p2))) {
                    committed.add(m1);
                    committed.add(m2);
                    position = p2;
                    return;
                }
            }
        }
    }

    private String occupancy() {
        StringBuilder sb = new StringBuilder();
        for (int s = 1; s <= Squares.COUNT; s++) {
            int f = Fields.ofSquare(s);
            Sensed x = board[turned ? Fields.turned(f) : f];
            sb.append(switch (x) {
                case WHITE_MAN, WHITE_KING -> 'w';
                case BLACK_MAN, BLACK_KING -> 'b';
                case UNKNOWN -> '?';
                case EMPTY -> '.';
            });
        }
        for (int f = 0; f < Fields.COUNT; f++) if (!Fields.isDark(f) && board[f].isOccupied()) sb.append('L');
        return sb.toString();
    }

    private static String occupancy(Position p) {
        StringBuilder sb = new StringBuilder();
        for (int s = 1; s <= Squares.COUNT; s++) {
            var piece = p.pieceAt(s);
            sb.append(piece == null ? '.' : piece.color() == Color.WHITE ? 'w' : 'b');
        }
        return sb.toString();
    }
}
