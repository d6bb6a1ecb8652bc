package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.Sensed;

/**
 * A player's hand: turns one ply into timed physical actions on the board, as its plan says.
 * It moves whatever physically lies on the origin square, so an uncrowned king moves as a man
 * and a scenario may move any piece anywhere.
 */
public final class Hand {
    private final PhysicalBoard board;
    private final Timing timing;
    private final SplittableRandom rnd;
    private final double scanPeriod;
    private final List<PendingCrown> pendingCrowns = new ArrayList<>();

    private record PendingCrown(int square, Color owner) {}

    public Hand(PhysicalBoard board, Timing timing, SplittableRandom rnd, double scanPeriod) {
        this.board = board;
        this.timing = timing;
        this.rnd = rnd;
        this.scanPeriod = scanPeriod;
    }

    /** A player's turn begins: promotions that were left for after the opponent's reply are crowned now. */
    public void beginTurn(Color mover) {
        for (Iterator<PendingCrown> it = pendingCrowns.iterator(); it.hasNext(); ) {
            PendingCrown p = it.next();
            if (p.owner != mover) continue;
            it.remove();
            Sensed s = board.at(p.square);
            // Captured in the reply: nothing left to crown.
            if (s == Sensed.EMPTY || Fields.isKing(s) || color(s) != mover) continue;
            board.advance(between(500, 2000));
            board.crown(p.square);
        }
    }

    public boolean hasPendingCrown(Color owner) {
        return pendingCrowns.stream().anyMatch(p -> p.owner == owner);
    }

    /** Plays the move as planned; the clock is pressed for the given colour. */
    public void play(Move move, PlyPlan plan, Color presser) {
        Sensed piece = board.at(move.from());
        List<Integer> removals = plan.removeOverride() != null ? plan.removeOverride() : CaptureGeometry.capturedInOrder(move);
        removals = ordered(removals, plan.removal());
        boolean promotes = !Fields.isKing(piece) && piece != Sensed.EMPTY && piece != Sensed.UNKNOWN
                && Squares.isPromotionSquare(move.to(), color(piece));
        boolean quick = plan.fast();

        if (plan.removal() == PlyPlan.Removal.FIRST && !removals.isEmpty()) {
            remove(removals, plan.uncrownFirst());
            removals = List.of();
            board.advance(between(300, 800)); // then reaches for the capturing man
        }
        List<Integer> path = plan.steps() ? move.path() : List.of(move.from(), move.to());
        boolean earlyPressed = false;
        for (int leg = 0; leg + 1 < path.size(); leg++) {
            int a = path.get(leg), b = path.get(leg + 1);
            boolean first = leg == 0, last = leg + 2 == path.size();
            boolean pressNow = last && plan.press() == PlyPlan.Press.EARLY && !move.isCapture();
            carry(a, b, piece, plan, first, quick, pressNow ? presser : null);
            earlyPressed |= pressNow;
            if (!last) board.advance(between(250, 500)); // resting on a landing square
        }
        if (promotes && plan.crowning() == PlyPlan.Crowning.AT_ONCE) {
            board.advance(between(300, 900));
            board.crown(move.to());
        }
        if (plan.press() == PlyPlan.Press.EARLY && !earlyPressed) {
            board.advance(between(150, 400));
            board.press(presser);
            earlyPressed = true;
        }
        if (!plan.removeLate()) remove(removals, plan.uncrownFirst());
        switch (plan.press()) {
            case NORMAL -> {
                board.advance(quick ? between(30, 80) : timing.press(rnd));
                board.press(presser);
            }
            case LATE -> {
                board.advance(between(1500, 4000));
                board.press(presser);
            }
            case TWICE -> {
                board.advance(timing.press(rnd));
                board.press(presser);
                board.advance(between(200, 600));
                board.press(presser);
            }
            case EARLY, NEVER -> { }
        }
        if (plan.removeLate()) {
            board.advance(between(300, 1500));
            remove(removals, plan.uncrownFirst());
        }
        if (promotes) {
            switch (plan.crowning()) {
                case AFTER_CLOCK -> {
                    board.advance(between(400, 1500));
                    board.crown(move.to());
                }
                case AFTER_REPLY -> pendingCrowns.add(new PendingCrown(move.to(), color(piece)));
                case AT_ONCE, NEVER -> { }
            }
        }
    }

    /** One leg: the piece goes from a to b, lifted or slid, dragged over the squares between if planned. */
    private void carry(int a, int b, Sensed piece, PlyPlan plan, boolean first, boolean quick, Color pressInFlight) {
        List<Integer> passed = plan.drag() && Fields.isKing(piece)
                ? CaptureGeometry.between(a, b).stream().filter(s -> board.at(s) == Sensed.EMPTY).toList()
                : List.of();
        if (plan.slide() && passed.isEmpty() && pressInFlight == null && a != b) {
            board.advance(quick ? between(30, 80) : timing.liftToPut(rnd) + (first ? plan.holdMs() : 0));
            board.put(b, piece);
            board.advance(between(20, 150)); // both squares covered for a moment
            board.lift(a);
            return;
        }
        board.lift(a);
        double flight = quick ? between(40, 100) : timing.liftToPut(rnd) + (first ? plan.holdMs() : 0);
        if (plan.lightSquare() && first && !quick) {
            int light = lightFieldNear(a, passed.isEmpty() ? b : passed.get(0));
            if (light >= 0) {
                board.advance(flight / 3);
                board.putOnLightField(light, piece);
                board.advance(scanPeriod); // seen by exactly one sample
                board.putOnLightField(light, Sensed.EMPTY);
                flight = flight / 3;
            }
        }
        for (int s : passed) {
            board.advance(between(40, 110));
            board.put(s, piece);
            board.advance(between(50, 160));
            board.lift(s);
        }
        if (pressInFlight != null) {
            board.advance(flight / 2);
            board.press(pressInFlight);
            board.advance(flight / 2);
        } else {
            board.advance(flight);
        }
        board.put(b, piece);
    }

    /** A light field that touches the diagonal step from a towards b (hall numbering), or -1. */
    private int lightFieldNear(int a, int b) {
        int r1 = Squares.row(a), c1 = Squares.col(a), r2 = Squares.row(b), c2 = Squares.col(b);
        int dr = Integer.signum(r2 - r1), dc = Integer.signum(c2 - c1);
        if (dr == 0 || dc == 0) return -1;
        boolean horizontalFirst = rnd.nextBoolean();
        int r = horizontalFirst ? r1 : r1 + dr, c = horizontalFirst ? c1 + dc : c1;
        if (r < 0 || r > 9 || c < 0 || c > 9) return -1;
        return r * 10 + c;
    }

    private void remove(List<Integer> squares, boolean uncrownFirst) {
        for (int s : squares) {
            board.advance(between(250, 550));
            if (uncrownFirst && Fields.isKing(board.at(s))) {
                board.uncrown(s);
                board.advance(between(150, 400));
            }
            board.lift(s);
        }
    }

    private List<Integer> ordered(List<Integer> inOrder, PlyPlan.Removal removal) {
        List<Integer> out = new ArrayList<>(inOrder);
        switch (removal) {
            case REVERSE -> Collections.reverse(out);
            case CRISS_CROSS -> {
                if (out.size() >= 3) {
                    // Neither in order nor reversed: swap a middle piece to the front.
                    int k = 1 + rnd.nextInt(out.size() - 2);
                    out.add(0, out.remove(k));
                } else if (out.size() == 2) {
                    Collections.reverse(out);
                }
            }
            case IN_ORDER, FIRST -> { }
        }
        return out;
    }

    private double between(double lo, double hi) {
        return Timing.uniform(rnd, lo, hi);
    }

    static Color color(Sensed s) {
        return switch (s) {
            case WHITE_MAN, WHITE_KING -> Color.WHITE;
            case BLACK_MAN, BLACK_KING -> Color.BLACK;
            default -> throw new IllegalArgumentException("no colour for " + s);
        };
    }
}
