package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

/**
 * What happened on the squares since the last committed move, for the information events that
 * depend on how a move was made rather than on its result: touch-move, accidental displacement,
 * and the order in which captured pieces came off; and, for the judgement, the boards shown and
 * the clock presses since then (an irregular move and its reply are read from them).
 */
final class MoveTrace {
    /** Reports in one scan come in field order, not in the order the hand acted. */
    static final long SCAN_MS = 250;
    /** Boards kept: enough for a slow multi-capture and a reply, bounded against a fidgeting hand. */
    private static final int BOARDS_KEPT = 48;

    /** A board the sensors showed from capture time {@code from} on. */
    record Shown(long from, Occupancy board) {}

    /**
     * A clock press at {@code t} by {@code by} (null: not known) on the lever's {@code right} side;
     * {@code sideKnown}: the clock's side is known, so {@code by} is a fact, not a guess.
     */
    record Press(long t, Color by, boolean right, boolean sideKnown) {
        Press(long t, Color by) {
            this(t, by, false, true);
        }
    }

    private final long minMs;
    private final Map<Integer, Long> deviatedSince = new HashMap<>();
    private final Map<Integer, Long> emptiedAt = new HashMap<>();
    private final Map<Integer, Long> filledAt = new HashMap<>();
    /** When a piece of a colour was last put on a square: key square * 2 + (black ? 1 : 0). */
    private final Map<Integer, Long> filledWith = new HashMap<>();
    private long touched;
    private long displaced;
    private boolean pressedIncomplete;
    private long firstChange = -1;
    private final List<Shown> boards = new ArrayList<>();
    private final List<Press> presses = new ArrayList<>();
    /** Every square change since the reset, in order: a move judged late hands the changes after it to the next. */
    private final List<Change> log = new ArrayList<>();

    private record Change(long t, int square, Color now) {}

    MoveTrace(long minMs) {
        this.minMs = minMs;
    }

    void reset() {
        deviatedSince.clear();
        emptiedAt.clear();
        filledAt.clear();
        filledWith.clear();
        touched = 0;
        displaced = 0;
        pressedIncomplete = false;
        firstChange = -1;
        boards.clear();
        presses.clear();
        log.clear();
    }

    /**
     * A fresh trace for the move after one judged late: the changes and boards after capture time
     * {@code t} (when the board the judged plies left first showed) belong to the next move, made
     * from {@code p}. The presses were the judged plies' own.
     */
    void keepAfter(long t, Position p) {
        List<Change> later = log.stream().filter(c -> c.t() > t).toList();
        List<Shown> shown = boards.stream().filter(b -> b.from() > t).toList();
        reset();
        for (Change c : later) change(c.t(), c.square(), c.now(), p);
        boards.addAll(shown);
    }

    /** A whole board reported at {@code t}: every square whose colour differs from the board before is a change. */
    void changes(long t, Occupancy before, Occupancy now, Position p) {
        for (int s = 1; s <= Squares.COUNT; s++) {
            Color was = Bits.colorAt(before, s), is = Bits.colorAt(now, s);
            if (was != is) change(t, s, is, p);
        }
    }

    /** The board as it stands now, after a report at {@code t}: kept when it differs from the last one. */
    void board(long t, Occupancy now) {
        if (!boards.isEmpty() && boards.get(boards.size() - 1).board().equals(now)) return;
        if (boards.size() == BOARDS_KEPT) boards.remove(0);
        boards.add(new Shown(t, now));
    }

    /** The boards shown since the last committed move, oldest first. */
    List<Shown> boards() {
        return List.copyOf(boards);
    }

    void press(long t, Color by) {
        presses.add(new Press(t, by));
    }

    void press(Press p) {
        presses.add(p);
    }

    /** A press that ended nothing (the board never left the game's position): it is no move's. */
    void dropPresses() {
        presses.clear();
    }

    /** The presses since the last committed move, oldest first. */
    List<Press> presses() {
        return List.copyOf(presses);
    }

    /** When a piece of colour {@code c} was last put on the square since the last committed move, or -1. */
    long landed(int square, Color c) {
        Long t = filledWith.get(square * 2 + (c == Color.BLACK ? 1 : 0));
        return t == null ? -1 : t;
    }

    /** When the board first changed since the last committed move ({@code fallback} when it has not). */
    long firstChange(long fallback) {
        return firstChange < 0 ? fallback : firstChange;
    }

    /** A square now shows a piece of colour {@code now} (null: empty); {@code p} is the game position. */
    void change(long t, int square, Color now, Position p) {
        log.add(new Change(t, square, now));
        Piece expected = p.pieceAt(square);
        Color ec = expected == null ? null : expected.color();
        if (firstChange < 0) firstChange = t;
        if (now == null) emptiedAt.put(square, t);
        else {
            filledAt.put(square, t);
            filledWith.put(square * 2 + (now == Color.BLACK ? 1 : 0), t);
        }
        if (now == ec) {
            Long since = deviatedSince.remove(square);
            if (since != null && t - since >= minMs) {
                if (ec == p.sideToMove()) touched |= 1L << square; else displaced |= 1L << square;
            }
        } else {
            deviatedSince.putIfAbsent(square, t);
        }
    }

    /** Squares of the side to move lifted and put back (long enough not to be flicker). */
    long touched() {
        return touched;
    }

    /** Squares where something left or arrived and then came back, other than the mover's own pieces. */
    long displaced() {
        return displaced;
    }

    void clearDisplaced() {
        displaced = 0;
    }

    void markPressedIncomplete() {
        pressedIncomplete = true;
    }

    /**
     * Why the capture was not executed in one go in the right order, or null when it was.
     * {@code singleToo}: a single capture's piece taken off before the capturing piece landed is a
     * fault as well (Frisian art. 14: the capturing piece is moved first); under the SWR it is
     * common practice and not flagged.
     */
    String captureExecutionFault(Move m, boolean singleToo) {
        if (!m.isCapture()) return null;
        if (pressedIncomplete) return "captured pieces were removed after the clock was pressed";
        List<Integer> order = CapturePaths.jumpOrder(m);
        Long landed = filledAt.get(m.to());
        if ((m.captureCount() >= 2 || singleToo) && landed != null) {
            for (int s : order) {
                Long off = emptiedAt.get(s);
                if (off != null && off + SCAN_MS < landed) {
                    return m.captureCount() >= 2 ? "captured pieces were removed before the capture was over"
                            : "the captured piece was removed before the capturing piece was moved";
                }
            }
        }
        if (order.size() >= 3 && violates(order, false) && violates(order, true)) {
            return "captured pieces were removed criss-cross";
        }
        return null;
    }

    private boolean violates(List<Integer> order, boolean reverse) {
        for (int i = 0; i < order.size(); i++) {
            for (int j = i + 1; j < order.size(); j++) {
                Long a = emptiedAt.get(order.get(i)), b = emptiedAt.get(order.get(j));
                if (a == null || b == null) continue;
                if (reverse ? b > a + SCAN_MS : a > b + SCAN_MS) return true;
            }
        }
        return false;
    }
}
