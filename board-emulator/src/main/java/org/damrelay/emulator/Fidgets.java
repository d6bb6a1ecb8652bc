package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.Sensed;
import static org.damrelay.emulator.NoiseSource.*;

/**
 * What happens on the board while a player thinks: adjusting, hovering, knocking, flickering,
 * a falling crown, a pulled cable. Each ends with the board as it was, and each state in
 * between is one no legal move explains (a piece missing, or a piece on a neighbouring square
 * for less than a scan), so a correct driver commits nothing.
 */
public final class Fidgets {
    private final PhysicalBoard board;
    private final NoiseProfile noise;
    private final SplittableRandom rnd;
    private final double scanPeriod;

    public Fidgets(PhysicalBoard board, NoiseProfile noise, SplittableRandom rnd, double scanPeriod) {
        this.board = board;
        this.noise = noise;
        this.rnd = rnd;
        this.scanPeriod = scanPeriod;
    }

    /** Spends a think time of the given length (longer if the fidgets need it) before the mover acts. */
    public void think(Color mover, double thinkMs) {
        double start = board.now();
        boolean adjust = noise.strikes(ADJUST, rnd);
        boolean hover = noise.strikes(HOVER, rnd);
        boolean knock = noise.strikes(KNOCK, rnd);
        boolean flicker = noise.strikes(FLICKER, rnd);
        boolean unknown = noise.strikes(UNKNOWN_CODE, rnd);
        boolean crownFalls = noise.strikes(CROWN_FALLS, rnd);
        boolean unplug = noise.strikes(UNPLUG, rnd);
        if (adjust || hover || knock || flicker || unknown || crownFalls || unplug) {
            board.advance(Timing.uniform(rnd, 0, thinkMs / 3));
        }
        if (unplug) {
            board.unplug(Timing.uniform(rnd, 1000, 5000));
            board.advance(1000);
        }
        if (flicker) pick(occupied(null)).ifPresent(s -> {
            double d = Timing.uniform(rnd, 1000, 3000);
            board.glitch(s, PhysicalBoard.Glitch.Kind.FLICKER, d, 0.4);
            board.advance(d + scanPeriod);
        });
        if (unknown) pick(occupied(null)).ifPresent(s -> {
            board.glitch(s, PhysicalBoard.Glitch.Kind.UNKNOWN_CODE, scanPeriod, 1);
            board.advance(2 * scanPeriod);
        });
        if (knock) pick(occupied(null)).ifPresent(s -> {
            Sensed piece = board.lift(s);
            board.advance(Timing.uniform(rnd, 300, 1500));
            board.put(s, piece);
            board.advance(600);
        });
        if (crownFalls) pick(kings()).ifPresent(s -> {
            board.uncrown(s);
            board.advance(Timing.uniform(rnd, 1000, 4000));
            board.crown(s);
            board.advance(600);
        });
        if (adjust) pick(occupied(mover)).ifPresent(s -> {
            Sensed piece = board.lift(s);
            board.advance(Timing.uniform(rnd, 150, 600));
            board.put(s, piece);
            board.advance(600);
        });
        if (hover) pick(withEmptyNeighbour(mover)).ifPresent(s -> {
            List<Integer> targets = emptyNeighbours(s);
            int target = targets.get(rnd.nextInt(targets.size()));
            Sensed piece = board.lift(s);
            board.advance(Timing.uniform(rnd, 150, 400));
            board.put(target, piece);
            board.advance(Timing.uniform(rnd, 60, 180)); // shorter than a settle: a touch, not a move
            board.lift(target);
            board.advance(Timing.uniform(rnd, 100, 300));
            board.put(s, piece);
            board.advance(600);
        });
        double spent = board.now() - start;
        board.advance(Math.max(0, thinkMs - spent));
    }

    private Optional<Integer> pick(List<Integer> squares) {
        return squares.isEmpty() ? Optional.empty() : Optional.of(squares.get(rnd.nextInt(squares.size())));
    }

    private List<Integer> occupied(Color color) {
        List<Integer> out = new ArrayList<>();
        for (int s = 1; s <= Squares.COUNT; s++) {
            Sensed p = board.at(s);
            if (p == Sensed.EMPTY || p == Sensed.UNKNOWN) continue;
            if (color == null || Hand.color(p) == color) out.add(s);
        }
        return out;
    }

    private List<Integer> kings() {
        List<Integer> out = new ArrayList<>();
        for (int s = 1; s <= Squares.COUNT; s++) if (Fields.isKing(board.at(s))) out.add(s);
        return out;
    }

    private List<Integer> withEmptyNeighbour(Color color) {
        return occupied(color).stream().filter(s -> !emptyNeighbours(s).isEmpty()).toList();
    }

    private List<Integer> emptyNeighbours(int square) {
        List<Integer> out = new ArrayList<>();
        for (int d : Squares.DIAGONALS) {
            int[] ray = Squares.ray(square, d);
            if (ray.length > 0 && board.at(ray[0]) == Sensed.EMPTY) out.add(ray[0]);
        }
        return out;
    }
}
