package org.damrelay.emulator.scenario;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.Sensed;
import org.damrelay.emulator.CaptureGeometry;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.PhysicalBoard;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.Timing;

/**
 * Plays a scenario on an emulated board. A written move that is legal for the side to move is
 * played as that move; anything else is carried out physically as written, so every
 * irregularity of arbiter-events.md can be staged. Steps that cannot happen on a real board
 * (lifting from an empty square, a takeback with nothing played) fail with the line number.
 */
public final class ScenarioRunner {
    private final Variant variant;

    private record Played(Move move, Sensed piece, Map<Integer, Sensed> removed, Color presser) {}

    public ScenarioRunner(Variant variant) {
        this.variant = variant;
    }

    public Timeline run(Scenario scenario, EmulatorConfig config) {
        if (scenario.clock() != null) config = config.withClock(scenario.clock());
        Variant rules = scenario.variant() != null ? scenario.variant() : variant;
        Emulator.Session session = new Emulator(config).session(scenario.start());
        PhysicalBoard board = session.board();
        Color turn = scenario.start().sideToMove();
        Color lastMover = turn.opposite();
        Deque<Played> history = new ArrayDeque<>();
        Sensed inHand = null;
        for (Step step : scenario.steps()) {
            int n = step.line();
            if (step instanceof Step.MovePly m) {
                Color presser = m.by() != null ? m.by() : turn;
                Move move = resolve(m, board.position(turn), rules);
                Sensed piece = board.at(move.from());
                List<Integer> removals = m.plan().removeOverride() != null ? m.plan().removeOverride() : move.capturedSquares();
                Map<Integer, Sensed> removed = new LinkedHashMap<>();
                for (int s : removals) {
                    if (board.at(s) == Sensed.EMPTY) throw new ScenarioException(n, "no piece on " + s + " to take off");
                    removed.put(s, board.at(s));
                }
                if (m.thinkMs() != null) session.ply(presser, move, m.plan(), m.thinkMs());
                else session.ply(presser, move, m.plan());
                history.push(new Played(move, piece, removed, presser));
                lastMover = presser;
                turn = presser.opposite();
            } else if (step instanceof Step.Takeback) {
                if (history.isEmpty()) throw new ScenarioException(n, "nothing to take back");
                Played p = history.pop();
                board.advance(Timing.uniform(session.random(), 1000, 3000));
                if (p.move().from() != p.move().to()) {
                    board.lift(p.move().to());
                    board.advance(Timing.uniform(session.random(), 250, 600));
                }
                board.put(p.move().from(), p.piece());
                for (Map.Entry<Integer, Sensed> e : p.removed().entrySet()) {
                    board.advance(Timing.uniform(session.random(), 300, 700));
                    board.put(e.getKey(), e.getValue());
                }
                turn = p.presser();
                lastMover = p.presser().opposite();
            } else if (step instanceof Step.Lift l) {
                if (inHand != null) throw new ScenarioException(n, "the hand already holds a piece: put it down first");
                inHand = occupied(board, l.square(), n);
                board.advance(300);
                board.lift(l.square());
            } else if (step instanceof Step.Put p) {
                Sensed piece = p.piece() != null ? p.piece() : inHand;
                if (piece == null) throw new ScenarioException(n, "the hand holds nothing: say which piece to put (w, b, W, B)");
                if (board.at(p.square()) != Sensed.EMPTY) throw new ScenarioException(n, "square " + p.square() + " is occupied");
                if (p.piece() == null) inHand = null;
                board.advance(400);
                board.put(p.square(), piece);
            } else if (step instanceof Step.Remove r) {
                for (int s : r.squares()) {
                    occupied(board, s, n);
                    board.advance(Timing.uniform(session.random(), 300, 500));
                    board.lift(s);
                }
            } else if (step instanceof Step.Crown c) {
                Sensed s = occupied(board, c.square(), n);
                boolean king = s == Sensed.WHITE_KING || s == Sensed.BLACK_KING;
                if (king == c.on()) throw new ScenarioException(n, "square " + c.square() + (king ? " already has a crown" : " has no crown"));
                board.advance(500);
                if (c.on()) board.crown(c.square()); else board.uncrown(c.square());
            } else if (step instanceof Step.Press p) {
                board.advance(300);
                board.press(p.by() != null ? p.by() : lastMover);
            } else if (step instanceof Step.Wait w) {
                board.advance(w.ms());
            } else if (step instanceof Step.Knock k) {
                Sensed s = occupied(board, k.square(), n);
                board.lift(k.square());
                board.advance(k.ms());
                board.put(k.square(), s);
            } else if (step instanceof Step.Flicker f) {
                occupied(board, f.square(), n);
                board.glitch(f.square(), PhysicalBoard.Glitch.Kind.FLICKER, f.ms(), 0.4);
                board.advance(f.ms());
            } else if (step instanceof Step.UnknownCode u) {
                board.glitch(u.square(), PhysicalBoard.Glitch.Kind.UNKNOWN_CODE, session.scanPeriod(), 1);
                board.advance(2 * session.scanPeriod());
            } else if (step instanceof Step.Turn quarter) {
                board.advance(500);
                board.turn(quarter.quarterTurns());
                board.advance(500);
            } else if (step instanceof Step.Unplug u) {
                board.unplug(u.ms());
            }
        }
        if (inHand != null) throw new ScenarioException(scenario.steps().get(scenario.steps().size() - 1).line(), "the scenario ends with a piece in the hand");
        return session.finish();
    }

    private static Sensed occupied(PhysicalBoard board, int square, int line) {
        Sensed s = board.at(square);
        if (s == Sensed.EMPTY) throw new ScenarioException(line, "no piece on " + square);
        return s;
    }

    /** The legal move written (for the side to move, else the other side), or the physical move as written. */
    static Move resolve(Step.MovePly m, Position pos, Variant variant) {
        List<Integer> sq = m.squares();
        int from = sq.get(0), to = sq.get(sq.size() - 1);
        if (pos.isEmpty(from)) throw new ScenarioException(m.line(), "no piece on " + from + " to move");
        for (Position p : List.of(pos, pos.withSideToMove(pos.sideToMove().opposite()))) {
            for (Move legal : variant.legalMoves(p)) {
                if (legal.from() == from && legal.to() == to && legal.isCapture() == m.capture()
                        && (sq.size() == 2 || legal.path().equals(sq))) return legal;
            }
        }
        if (!m.capture()) {
            if (from == to) throw new ScenarioException(m.line(), "a move from " + from + " to itself");
            if (!pos.isEmpty(to)) throw new ScenarioException(m.line(), "square " + to + " is occupied");
            return Move.quiet(from, to);
        }
        // An irregular capture: it takes whatever it jumps.
        long captured = 0;
        for (int i = 0; i + 1 < sq.size(); i++) {
            for (int s : CaptureGeometry.between(sq.get(i), sq.get(i + 1))) {
                if (!pos.isEmpty(s) && s != from) captured |= Squares.bit(s);
            }
        }
        return new Move(from, to, captured, sq);
    }
}
