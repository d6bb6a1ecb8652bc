package org.damrelay.bench.screen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.board.Sensed;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.Fields;
import org.damrelay.emulator.NoisePlanner;
import org.damrelay.emulator.PhysicalBoard;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;

/**
 * A game as the emulated hand plays it (as {@link Emulator#play} does, ply by ply), with what the
 * board reports (its timeline, the clock's press readings made late by {@link ClockLag}) and when
 * the hand finished each ply ({@link PlyMoments}, on the timeline's clock).
 */
public record PlayedGame(PdnGame game, Timeline timeline, List<PlyMoments> moments) {

    public PlayedGame {
        moments = List.copyOf(moments);
    }

    public static PlayedGame play(PdnGame game, EmulatorConfig config, ClockLag lag) {
        Emulator.Session s = new Emulator(config).session(game.start());
        PhysicalBoard board = s.board();
        List<PlyMoments> moments = new ArrayList<>();
        Position pos = game.start();
        Sensed[] seen = board.initialFields();
        boolean fastAllowed = false;
        for (int k = 0; k < game.plies().size(); k++) {
            Move move = game.plies().get(k);
            double from = board.now();
            int changesBefore = board.changes().size(), pressesBefore = board.presses().size();
            PlyPlan plan = s.planner().plan(pos, move, fastAllowed && !s.hand().hasPendingCrown(pos.sideToMove()));
            s.ply(pos.sideToMove(), move, plan);
            fastAllowed = NoisePlanner.allowsFastReply(plan);
            moments.add(moments(k + 1, move, from, board, seen, changesBefore, pressesBefore, config.turned()));
            pos = pos.apply(move);
        }
        List<Double> presses = board.presses().stream().map(PhysicalBoard.Press::t).toList();
        Timeline timeline = lag.apply(s.finish(), presses, new SplittableRandom(config.seed() * 31 + 7));
        return new PlayedGame(game, timeline, moments);
    }

    /**
     * The ply's moments from the board's record. A crown put on or taken off is not a piece change:
     * the driver compares colour and occupancy only (docs/reconstruction.md), so a crown after the
     * press leaves the press the move's last act. {@code seen}: the fields before the ply's changes,
     * brought up to date here.
     */
    private static PlyMoments moments(int ply, Move move, double from, PhysicalBoard board, Sensed[] seen, int changesBefore,
                                      int pressesBefore, boolean turned) {
        List<Integer> squares = new ArrayList<>(move.path());
        squares.addAll(move.capturedSquares());
        boolean[] onMove = new boolean[Fields.COUNT];
        for (int sq : squares) {
            int f = Fields.ofSquare(sq);
            onMove[turned ? Fields.turned(f) : f] = true;
        }
        double last = from;
        List<PhysicalBoard.Change> changes = board.changes();
        for (int c = changesBefore; c < changes.size(); c++) {
            PhysicalBoard.Change ch = changes.get(c);
            boolean piece = kind(seen[ch.field()]) != kind(ch.content());
            seen[ch.field()] = ch.content();
            if (piece && onMove[ch.field()]) last = Math.max(last, ch.t());
        }
        double press = Double.NaN;
        List<PhysicalBoard.Press> presses = board.presses();
        for (int p = pressesBefore; p < presses.size() && Double.isNaN(press); p++) {
            if (presses.get(p).t() >= last) press = presses.get(p).t();
        }
        return new PlyMoments(ply, move, last, press);
    }

    /** What the driver tells apart on a field: empty, white, black, or a code it cannot read. */
    private static int kind(Sensed s) {
        return switch (s) {
            case EMPTY -> 0;
            case WHITE_MAN, WHITE_KING -> 1;
            case BLACK_MAN, BLACK_KING -> 2;
            default -> 3;
        };
    }
}
