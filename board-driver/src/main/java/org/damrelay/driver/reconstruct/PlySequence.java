package org.damrelay.driver.reconstruct;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

/**
 * Explains a board by a sequence of plies since the last committed position: each ply a legal
 * move or one irregular move of SWR 7.2 (an irregular move, its reply, the moves after it; an
 * irregular reply to an irregular move), each ply's result a board the sensors showed, in order.
 * The simplest explanation wins: fewest irregular plies, then fewest plies; at equal cost the one
 * whose plies the board showed latest (as a single irregular move and its reply always were).
 * Play that goes on quickly after an irregular move is so read ply by ply, whatever the tempo;
 * nothing is invented: every ply is one the boards shown contain.
 */
final class PlySequence {
    /** Bounds that keep the search small: a time-trouble flurry is judged long before this. */
    static final int MAX_PLIES = 10, MAX_IRREGULAR = 2;

    /**
     * One ply of an explanation: a legal {@code move}, or an {@code irregular} one.
     *
     * @param shownAt when the board its result left first showed
     * @param pressed its player pressed the clock after it, before his next ply
     */
    record Step(Move move, IrregularMove irregular, Color mover, long shownAt, boolean pressed) {
        boolean isIrregular() {
            return irregular != null;
        }
    }

    /** How a board that no legal move leads to reads as one irregular move (both readings of a piece of the side not to move). */
    interface Reader {
        /**
         * @param first the ply follows the last committed position (its presses are the game's own facts)
         * @param since when the ply before it showed (the last committed move's: {@code Long.MIN_VALUE})
         * @param until when the board after this one began (the next ply's first change), or MAX_VALUE
         */
        List<IrregularMove> read(Position q, List<Move> legal, Occupancy board, boolean first, long since, long until);
    }

    private record Node(Position position, int board, int irregulars, List<Step> steps) {}

    private record Seen(Position position, int board, int irregulars) {}

    private PlySequence() {}

    /**
     * The cheapest sequence of plies from the game's position to {@code seen} through the boards
     * shown since the last committed move (oldest first), or null when none of at most
     * {@link #MAX_PLIES} plies and {@link #MAX_IRREGULAR} irregular ones explains it.
     */
    static List<Step> explain(GameLine game, Occupancy seen, List<MoveTrace.Shown> boards, List<MoveTrace.Press> presses,
                              Reader reader) {
        Position start = game.position();
        if (seen.matches(start)) return null;
        Deque<Node> queue = new ArrayDeque<>();
        Set<Seen> visited = new HashSet<>();
        queue.add(new Node(start, -1, 0, List.of()));
        Node best = null;
        while (!queue.isEmpty()) {
            Node n = queue.poll();
            if (best != null && n.steps().size() >= best.steps().size() && n.irregulars() >= best.irregulars()) continue;
            if (n.steps().size() == MAX_PLIES) continue;
            boolean first = n.steps().isEmpty();
            List<Move> legal = first ? game.legalMoves() : game.legalMoves(n.position());
            for (int j = boards.size() - 1; j > n.board(); j--) {
                Occupancy b = boards.get(j).board();
                long from = boards.get(j).from();
                List<Node> next = new ArrayList<>();
                Move played = null;
                for (Move m : legal) {
                    if (b.matches(n.position().apply(m))) {
                        played = m;
                        break;
                    }
                }
                if (played != null) {
                    Position q = n.position().apply(played);
                    if (!onTheWay(boards, n.board(), j, n.position(), q, pathOf(played))) continue;
                    next.add(child(n, q, j, 0, new Step(played, null, n.position().sideToMove(), from, false)));
                } else if (n.irregulars() < MAX_IRREGULAR) {
                    if (first) {
                        for (Move m : game.forbiddenMoves()) {
                            if (b.matches(start.apply(m))) {
                                IrregularMove ir = Judgement.kingMoveLimit(start, m);
                                next.add(child(n, ir.after(), j, 1, new Step(ir.move(), ir, ir.mover(), from, false)));
                            }
                        }
                    }
                    if (next.isEmpty()) {
                        long until = j + 1 < boards.size() ? boards.get(j + 1).from() : Long.MAX_VALUE;
                        long since = n.board() < 0 ? Long.MIN_VALUE : boards.get(n.board()).from();
                        for (IrregularMove ir : reader.read(n.position(), legal, b, first, since, until)) {
                            long path = ir.move() == null ? 0 : pathOf(ir.move());
                            for (int sq : ir.squares()) path |= Squares.bit(sq);
                            if (!onTheWay(boards, n.board(), j, n.position(), ir.after(), path)) continue;
                            next.add(child(n, ir.after(), j, 1, new Step(ir.move(), ir, ir.mover(), from, false)));
                        }
                    }
                }
                for (Node c : next) {
                    if (!visited.add(new Seen(c.position(), c.board(), c.irregulars()))) continue;
                    if (seen.matches(c.position())) {
                        if (best == null || cheaper(c, best)) best = c;
                    } else {
                        queue.add(c);
                    }
                }
            }
        }
        return best == null ? null : withPresses(best.steps(), presses);
    }

    /**
     * Every board shown between a ply's start ({@code i}) and its result ({@code j}) is on the way
     * from one to the other: no piece stands where neither position has one of its colour, apart
     * from the squares the ply passes. (Pieces may be off the board: in a hand, knocked over.) So
     * a ply never hides pieces the board showed being put down, as pieces merely "removed" would.
     */
    private static boolean onTheWay(List<MoveTrace.Shown> boards, int i, int j, Position from, Position to, long path) {
        long white = from.pieces(Color.WHITE) | to.pieces(Color.WHITE) | path;
        long black = from.pieces(Color.BLACK) | to.pieces(Color.BLACK) | path;
        for (int l = i + 1; l < j; l++) {
            Occupancy b = boards.get(l).board();
            if ((b.white() & ~white) != 0 || (b.black() & ~black) != 0) return false;
        }
        return true;
    }

    private static long pathOf(Move m) {
        long bits = 0;
        for (int sq : m.path()) bits |= Squares.bit(sq);
        return bits;
    }

    private static Node child(Node n, Position q, int board, int irregular, Step step) {
        List<Step> steps = new ArrayList<>(n.steps());
        steps.add(step);
        return new Node(q, board, n.irregulars() + irregular, List.copyOf(steps));
    }

    private static boolean cheaper(Node a, Node b) {
        if (a.irregulars() != b.irregulars()) return a.irregulars() < b.irregulars();
        return a.steps().size() < b.steps().size();
    }

    /**
     * Each ply's press. A clock's reading reaches the line up to a second after the lever, often
     * after the opponent began his reply, so a press is placed by who made it: it goes to its
     * player's latest ply whose board had shown when it arrived (a scan's worth earlier: a press
     * just before the last piece lands), or his first ply when none had. Where the clock's sides
     * are not known yet, the lever's side is read both ways and the way that fits more plies wins.
     */
    private static List<Step> withPresses(List<Step> steps, List<MoveTrace.Press> presses) {
        boolean guessed = presses.stream().anyMatch(p -> !p.sideKnown());
        boolean[] pressed = assign(steps, presses, null);
        if (guessed) {
            for (boolean whiteOnRight : new boolean[] {true, false}) {
                boolean[] other = assign(steps, presses, whiteOnRight);
                if (count(other) > count(pressed)) pressed = other;
            }
        }
        List<Step> out = new ArrayList<>();
        for (int k = 0; k < steps.size(); k++) {
            Step s = steps.get(k);
            out.add(new Step(s.move(), s.irregular(), s.mover(), s.shownAt(), pressed[k]));
        }
        return List.copyOf(out);
    }

    /** The plies pressed for, with the presses' colours as recorded ({@code whiteOnRight} null) or read from the lever's side. */
    private static boolean[] assign(List<Step> steps, List<MoveTrace.Press> presses, Boolean whiteOnRight) {
        boolean[] pressed = new boolean[steps.size()];
        for (MoveTrace.Press p : presses) {
            Color by = whiteOnRight == null || p.sideKnown() ? p.by() : p.right() == whiteOnRight ? Color.WHITE : Color.BLACK;
            int to = -1, firstOfPresser = -1;
            for (int k = 0; k < steps.size(); k++) {
                Step s = steps.get(k);
                boolean his = by == null || s.mover() == by;
                if (his && firstOfPresser < 0) firstOfPresser = k;
                if (his && s.shownAt() <= p.t() + MoveTrace.SCAN_MS) to = k;
            }
            if (to < 0) to = firstOfPresser;
            if (to >= 0) pressed[to] = true;
        }
        return pressed;
    }

    private static int count(boolean[] b) {
        int n = 0;
        for (boolean x : b) if (x) n++;
        return n;
    }
}
