package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * Plays a game on an emulated board and returns everything the board reported. Pure and
 * deterministic: the same config (seed included) and moves give the same timeline.
 */
public final class Emulator {
    private static final double CLOCK_START_MS = 2000;
    private static final double TAIL_MS = 3000;

    private final EmulatorConfig config;

    public Emulator(EmulatorConfig config) {
        this.config = config;
    }

    /** Plays the moves from the start position with the hand and noise of the config. Moves are not checked. */
    public Timeline play(Position start, List<Move> moves) {
        Session s = new Session(start);
        Position pos = start;
        boolean fastAllowed = false;
        for (Move move : moves) {
            PlyPlan plan = s.planner.plan(pos, move, fastAllowed && !s.hand.hasPendingCrown(pos.sideToMove()));
            s.ply(pos.sideToMove(), move, plan);
            fastAllowed = NoisePlanner.allowsFastReply(plan);
            pos = pos.apply(move);
        }
        return s.finish();
    }

    /** A board being played on: scenarios drive it step by step. */
    public Session session(Position start) {
        return new Session(start);
    }

    public final class Session {
        private final SplittableRandom rnd = new SplittableRandom(config.seed());
        private final PhysicalBoard board;
        private final Scanner scanner;
        private final Hand hand;
        private final Fidgets fidgets;
        private final NoisePlanner planner;
        private final double clockStart;
        private final List<Timeline.Rest> rests = new ArrayList<>();
        private int plies;

        private Session(Position start) {
            board = new PhysicalBoard(start, config.turned());
            double period = config.timing().scanPeriod(rnd);
            scanner = new Scanner(period, Timing.uniform(rnd, 0, period), rnd.nextLong());
            hand = new Hand(board, config.timing(), rnd.split(), period);
            fidgets = new Fidgets(board, config.noise(), rnd.split(), period);
            planner = new NoisePlanner(config.noise(), rnd.split());
            board.advance(CLOCK_START_MS);
            clockStart = board.now();
        }

        public PhysicalBoard board() { return board; }
        public double scanPeriod() { return scanner.period(); }
        public SplittableRandom random() { return rnd; }

        /** A think time of the mover, with the fidgets the noise profile draws. */
        public void think(Color mover) {
            fidgets.think(mover, config.timing().think(rnd));
        }
        public Hand hand() { return hand; }
        public NoisePlanner planner() { return planner; }

        /** A think time (with fidgets, unless the plan is a blitzed reply) and then the ply as planned. */
        public void ply(Color mover, Move move, PlyPlan plan) {
            ply(mover, move, plan, plan.fast() ? Timing.uniform(rnd, 10, 50) : config.timing().think(rnd));
        }

        /** The ply after exactly {@code thinkMs} of thinking (a scripted reply delay), with the fidgets it allows. */
        public void ply(Color mover, Move move, PlyPlan plan, double thinkMs) {
            double settled = board.now();
            hand.beginTurn(mover);
            if (plan.fast()) board.advance(thinkMs);
            else fidgets.think(mover, thinkMs);
            rest(settled, board.now());
            hand.play(move, plan, mover);
            plies++;
        }

        /** The board stood still from {@code settled} until {@code moving}: a rest once the sensor has reported the last change. */
        private void rest(double settled, double moving) {
            long from = (long) Math.ceil(settled + scanner.period()), until = (long) Math.floor(moving);
            if (from < until) rests.add(new Timeline.Rest(from, until, plies));
        }

        public Timeline finish() {
            rest(board.now(), Long.MAX_VALUE);
            board.advance(TAIL_MS);
            FischerClock clock = new FischerClock(config.base(), config.increment(), config.whiteOnRight(), config.bronstein(), config.quota());
            return TimelineAssembler.assemble(board, scanner, clock, clockStart, config.clockTickMs(), config.clockLatency(), config.seed(), board.now(), rests);
        }
    }
}
