package org.damrelay.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the relay's cost grows with spectators per game, games per round and move rate: three sizes
 * on each axis, the other two held at the middle size (60 spectators per game, 50 games, two
 * moves per game per minute), then where the first limit would be reached.
 *
 * <p>One rig (relay and generator JVMs) per point rather than one per axis connecting more as it
 * grows: a generator's spectator count is fixed when it starts, and a fresh relay per point keeps
 * RSS and CPU comparable between points (no heap or JIT state carried over from a bigger one). The
 * price, a JVM start and a connection round (~N/4000 s) per point, keeps the nine points within
 * about three minutes. The middle point is measured once per axis: three runs of the same point
 * show the spread.
 */
final class GrowthScenario implements Scenario {

    static final int MIDDLE_PER_GAME = 60, MIDDLE_GAMES = 50;
    /** One ply per 30 s on every board: the busy end of a real round (one per 30-60 s). */
    static final double MIDDLE_RATE = 2;
    static final int[] PER_GAME = {20, MIDDLE_PER_GAME, 180};
    static final int[] GAMES = {10, MIDDLE_GAMES, 150};
    /** One ply a minute (a slow round), the middle, and ten a second on every board: no real round, a stress. */
    static final double[] RATES = {1, MIDDLE_RATE, 600};
    /** Lines used per game: warm-up at most 40 plies, the window at 600/min 60 plies. */
    static final int MAX_PLIES = 200;
    /** About this many deliveries before each window, so the relay's hot paths are compiled when measured. */
    static final int WARM_UP_DELIVERIES = 20_000, WARM_UP_MOVES_PER_SECOND = 250, SETTLE_MILLIS = 500;

    /** One point to measure; {@code perGame} is already scaled. */
    record Point(Growth.Axis axis, int perGame, int games, double movesPerGamePerMinute) {
        double movesPerSecond() { return games * movesPerGamePerMinute / 60; }

        String name() {
            return axis.name().toLowerCase(Locale.ROOT) + "-" + perGame + "x" + games + "-" + Growth.size(movesPerGamePerMinute);
        }
    }

    /** What setup() learnt that run() needs: the interface hands run() only the rig of one point. */
    private record Plan(double scale, Path dir, List<String> relayJvm, List<Point> points) {
        Rig.Setup setup(Point p) {
            return new Rig.Setup(p.games(), p.perGame(), 3, 0, 500, 3, MAX_PLIES, relayJvm, dir.resolve(p.name()), true);
        }
    }

    private final Duration warmUp, window;
    private Plan plan;

    GrowthScenario() {
        this(Duration.ofSeconds(2), Duration.ofSeconds(6));
    }

    /** Shorter windows for trying the scenario's plumbing, not for numbers. */
    GrowthScenario(Duration warmUp, Duration window) {
        this.warmUp = warmUp;
        this.window = window;
    }

    /** The nine points, axis by axis, smallest first. */
    static List<Point> points(double scale) {
        int middle = Scenario.scaled(MIDDLE_PER_GAME, scale);
        List<Point> out = new ArrayList<>();
        for (int n : PER_GAME) out.add(new Point(Growth.Axis.SPECTATORS, Scenario.scaled(n, scale), MIDDLE_GAMES, MIDDLE_RATE));
        for (int g : GAMES) out.add(new Point(Growth.Axis.GAMES, middle, g, MIDDLE_RATE));
        for (double r : RATES) out.add(new Point(Growth.Axis.RATE, middle, MIDDLE_GAMES, r));
        return out;
    }

    /** The rig BenchCommand starts is the last point's; run() starts the others' one by one. */
    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        plan = new Plan(scale, workDir, relayJvm, points(scale));
        return plan.setup(plan.points().get(plan.points().size() - 1));
    }

    @Override
    public void run(Rig last, BenchReport out) throws Exception {
        long start = System.nanoTime();
        List<Point> points = plan.points();
        out.line("growth: %d points, one relay each; window %d s after a warm-up of %d s; middle: %d spectators per game,"
                        + " %d games, %s moves per game per minute", points.size(), window.toSeconds(), warmUp.toSeconds(),
                points.get(1).perGame(), MIDDLE_GAMES, Growth.size(MIDDLE_RATE));
        List<Growth.Row> rows = new ArrayList<>();
        for (Point p : points.subList(0, points.size() - 1)) {
            try (Rig rig = new Rig(plan.setup(p), last.pinned)) {
                rows.add(measure(rig, p, out));
            }
        }
        rows.add(measure(last, points.get(points.size() - 1), out));
        out.line("");
        Growth.table(rows).forEach(l -> out.line("%s", l));
        out.line("");
        Growth.Result result = Growth.result(plan.scale(), last.pinned, rows);
        for (Growth.Limit l : result.limits()) out.line("- %s", l.sentence());
        out.line("");
        out.line("%s. These are estimates from three points per axis on this machine, not measurements of the limit.",
                result.firstLimit());
        Growth.save(plan.dir().resolve("growth.json"), result);
        out.line("growth.json written; the nine points took %.0f s. The relay lines below are about the last point's relay only.",
                (System.nanoTime() - start) / 1e9);
    }

    /** Connects the point's spectators, warms the relay up, then one window at the point's rate. */
    private Growth.Row measure(Rig rig, Point p, BenchReport out) throws Exception {
        // read here, not when the rig started: the last point's relay waits idle while the others run
        long rssBefore = rig.relay.rssKb();
        Rig.Round r = rig.connect(180);
        int perGame = r.ok() / p.games();
        // what the connections cost, before the warm-up's garbage grows the heap
        long rssConnected = rig.relay.rssKb();
        if (!warmUp.isZero()) {
            // a few hundred moves/s at most: the warm-up compiles the paths, it does not load the relay's journal
            long moves = Math.min(Math.min(40L * p.games(), (long) (WARM_UP_MOVES_PER_SECOND * warmUp.toMillis() / 1000)),
                    (long) Math.ceil((double) WARM_UP_DELIVERIES / Math.max(1, perGame)));
            long sent = rig.ingest.play(moves / (warmUp.toMillis() / 1000.0), warmUp);
            Drain.until(rig, sent * perGame, 1500, 10_000);
            // the connection round's and the warm-up's garbage would be collected in whichever window comes
            // next (a 9,000-spectator point's young collection cost 15% of a window): each window starts clean
            Jcmd.run(rig.relay.pid(), "GC.run");
            // the JIT's compile queue runs on the relay's CPU too: let it drain before the window
            Thread.sleep(SETTLE_MILLIS);
        }
        rig.reset();
        ProcessCpu cpu0 = ProcessCpu.of(rig.relay.pid());
        long t0 = System.nanoTime();
        long sent = rig.ingest.play(p.movesPerSecond(), window);
        Rig.Window w = Drain.until(rig, sent * perGame, 1500, 10_000);
        double wall = (System.nanoTime() - t0) / 1e9;
        ProcessCpu cpu = ProcessCpu.of(rig.relay.pid()).minus(cpu0);
        long rss = rig.relay.rssKb();
        double seconds = window.toMillis() / 1000.0, cpuMicros = cpu.onCpuNanos() / 1e3;
        Growth.Row row = new Growth.Row(p.axis(), perGame, p.games(), r.ok(), p.movesPerGamePerMinute(), p.movesPerSecond(),
                p.movesPerSecond() * perGame, w.updates() / (seconds + w.micros().getMaxValue() / 1e6),
                sent * perGame, w.updates(), wall, cpu.onCpuNanos() / 1e9 / wall, cpu.waitingNanos() / 1e9 / wall,
                w.updates() == 0 ? 0 : cpuMicros / w.updates(), sent == 0 ? 0 : cpuMicros / sent, rss / 1024.0,
                r.ok() == 0 ? 0 : (double) (rssConnected - rssBefore) / r.ok(), ms(w.micros().getValueAtPercentile(50)),
                ms(w.micros().getValueAtPercentile(99)), ms(w.micros().getMaxValue()));
        out.line("%s: %,d spectators (%d failed) on %d games, %,d moves, %,d of %,d deliveries; relay CPU %.1f%% of its core;"
                        + " %s", p.name(), r.ok(), r.failed(), p.games(), sent, w.updates(), sent * perGame,
                row.relayCpuShare() * 100, BenchReport.latency(w.micros()));
        if (rig.ingest.errors() > 0) out.line("ingest errors: %d, first: %s", rig.ingest.errors(), rig.ingest.firstError());
        return row;
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
