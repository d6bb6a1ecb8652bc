package org.damrelay.driver.reconstruct.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoisePlanner;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.PhysicalBoard;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;

/**
 * Reconstruction benchmark (docs/benchmarks.md, "Reconstruction"): the 97 corpus games played by
 * the emulator, then (1) replay throughput in plies per second of wall time through the
 * Reconstructor alone, and (2) commit latency in capture time, from the last physical change of a
 * move (as the emulated hand made it, before the sensor saw it; for a pressed move the press is
 * its last physical act) to the MOVE event, split by whether the clock was pressed after the move. Not a unit test: run it with exec:exec.
 */
public final class ReconstructionBench {

    /** One emulated game, with what the hand did physically per ply. */
    record Played(PdnGame game, Timeline timeline, double[] lastChange, double[] pressAt) {}

    public static void main(String[] args) throws IOException {
        List<PdnGame> games = SharedTree.corpusGames();
        for (String noise : new String[] {"default", "heavy"}) {
            List<Played> played = new ArrayList<>();
            for (int i = 0; i < games.size(); i++) played.add(play(games.get(i), NoiseProfile.preset(noise), 1000 + i));
            int plies = played.stream().mapToInt(p -> p.game().plies().size()).sum();

            // Throughput: the replays only (timelines built above), best of five rounds after a warm-up.
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 6; round++) {
                long t0 = System.nanoTime();
                for (Played p : played) replay(p, e -> {});
                double s = (System.nanoTime() - t0) / 1e9;
                if (round > 0) best = Math.min(best, s);
            }

            Histogram pressed = new Histogram(3), fromPress = new Histogram(3), unpressed = new Histogram(3);
            int wrong = 0;
            Map<String, Integer> kinds = new TreeMap<>();
            for (Played p : played) {
                List<ArbiterEvent> moves = new ArrayList<>();
                replay(p, e -> {
                    if (e.type() == EventType.MOVE) moves.add(e);
                    else kinds.merge(e.type() + (e.subtype() != null ? "." + e.subtype() : ""), 1, Integer::sum);
                });
                if (moves.size() != p.game().plies().size()) wrong++;
                for (int k = 0; k < Math.min(moves.size(), p.lastChange().length); k++) {
                    long t = moves.get(k).t();
                    long latency = Math.max(0, Math.round(t - p.lastChange()[k]));
                    if (Double.isNaN(p.pressAt()[k])) {
                        unpressed.recordValue(latency);
                    } else {
                        pressed.recordValue(latency);
                        fromPress.recordValue(Math.max(0, Math.round(t - p.pressAt()[k])));
                    }
                }
            }
            System.out.printf("%s noise: %d games, %d plies, %d games not fully reconstructed%n", noise, played.size(), plies, wrong);
            System.out.printf("  replay: %.3f s, %.0f plies/s%n", best, plies / best);
            System.out.println("  other events: " + kinds);
            print("  commit latency, clock pressed, from the press (the move's last physical act)", fromPress);
            print("  commit latency, clock pressed, from the last piece change (includes the player's press delay)", pressed);
            print("  commit latency, no press", unpressed);
        }
    }

    private static void print(String what, Histogram h) {
        System.out.printf("%s: n=%d p50=%d ms p99=%d ms max=%d ms%n", what, h.getTotalCount(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue());
    }

    private static void replay(Played p, ArbiterListener l) {
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(p.game().variant()).withStart(p.game().start()), l);
        p.timeline().replayTo(r);
        r.tick(p.timeline().endMillis() + 20_000);
    }

    /** Plays a game as Emulator.play does, noting per ply the hand's last change on the move's squares and any press after it. */
    private static Played play(PdnGame game, NoiseProfile noise, long seed) {
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(noise).withSeed(seed);
        Emulator.Session s = new Emulator(config).session(game.start());
        PhysicalBoard board = s.board();
        List<Move> moves = game.plies();
        double[] last = new double[moves.size()];
        double[] pressAt = new double[moves.size()];
        Position pos = game.start();
        boolean fastAllowed = false;
        for (int k = 0; k < moves.size(); k++) {
            Move move = moves.get(k);
            double from = board.now();
            int changesBefore = board.changes().size(), pressesBefore = board.presses().size();
            PlyPlan plan = s.planner().plan(pos, move, fastAllowed && !s.hand().hasPendingCrown(pos.sideToMove()));
            s.ply(pos.sideToMove(), move, plan);
            fastAllowed = NoisePlanner.allowsFastReply(plan);
            long squares = move.captured();
            for (int sq : move.path()) squares |= 1L << sq;
            last[k] = from;
            var changes = board.changes();
            for (int c = changesBefore; c < changes.size(); c++) {
                int sq = Orientation.NORMAL.square(changes.get(c).field());
                if (sq != 0 && (squares & (1L << sq)) != 0 && changes.get(c).content() != null) last[k] = Math.max(last[k], changes.get(c).t());
            }
            var presses = board.presses();
            pressAt[k] = Double.NaN;
            for (int c = pressesBefore; c < presses.size() && Double.isNaN(pressAt[k]); c++) {
                if (presses.get(c).t() >= last[k]) pressAt[k] = presses.get(c).t();
            }
            pos = pos.apply(move);
        }
        return new Played(game, s.finish(), last, pressAt);
    }
}
