package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.damrelay.bench.load.SlowMoves;

/** 100 games x 190 spectators, moves at a rising rate: deliveries per second and ingest-to-receipt latency. */
final class FanoutScenario implements Scenario {

    static final double[] RATES = {50, 100, 150, 200, 250, 300, 400, 530, 700, 900};
    static final int STEP_SECONDS = 4;
    /**
     * Unreported moves first: a relay runs for hours, so its JIT's compiling (a quarter of its
     * core in the first 40 s of a cold run, JFR) is not its steady latency. The same for the baseline.
     */
    static final double WARM_UP_RATE = 150;

    static double warmUpRate() {
        return Knob.WARM_UP_RATE.rate(WARM_UP_RATE);
    }
    static final int WARM_UP_SECONDS = 8;

    static int warmUpSeconds() {
        return Knob.WARM_UP_SECONDS.whole(WARM_UP_SECONDS);
    }

    /**
     * After that, one second at each of these moves/s: the higher rates' paths (several frames
     * per read, bigger journal batches, fuller write buffers) on the server and on the load side.
     */
    static double[] warmUpRamp() {
        return Knob.WARM_UP_RAMP.rates(new double[0]);
    }

    /**
     * Before that, whole games on boards nobody watches, to their end: the watched games' moves
     * cannot warm the rules' and the record's later paths (kings, long captures, draw counts,
     * endgames) without running out before the steps, so the JIT met them first in the table
     * (round 6: 257 C2 compilations and recompiles after deoptimisations within the steps).
     */
    static final int WARM_UP_BOARDS = 60;
    static final double WARM_UP_BOARDS_RATE = 500;
    static final Duration WARM_UP_BOARDS_MAX = Duration.ofSeconds(40);

    /** 60 at full scale, fewer for a quick try at a fraction of the spectators; the property wins. */
    static int warmUpBoards(double scale) {
        return Knob.WARM_UP_BOARDS.whole((int) Math.max(1, Math.round(WARM_UP_BOARDS * Math.min(1, scale))));
    }
    /**
     * For profiling one load (docs/benchmarks.md, Round 5): {@code -Ddamrelay.bench.rates=250,300}
     * plays only those moves/s, {@code -Ddamrelay.bench.stepSeconds=20} holds each that long
     * (through DAMRELAY_JAVA_OPTS). Unset, the run is the table's.
     */
    static double[] rates() {
        return Knob.RATES.rates(RATES);
    }

    /**
     * {@code -Ddamrelay.bench.relaySide=true}: the relay's own p99 per step from its /metrics before
     * and after each step. Not by default: a scrape costs the relay's core (JVM gauges through
     * MXBeans, the text format) and sets its JIT compiling into the next step, which the
     * baseline, having no /metrics, does not pay.
     */
    static boolean relaySide() {
        return Knob.RELAY_SIDE.flag();
    }

    static int stepSeconds() {
        return Knob.STEP_SECONDS.whole(STEP_SECONDS);
    }

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(100, Scenario.scaled(190, scale), 1, 0, 500, 9, 400, relayJvm, workDir, true).withWarmUpBoards(warmUpBoards(scale));
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        Rig.Round r = rig.connect(180);
        out.line("fan-out: %,d spectators on %d games (%d failed)", r.ok(), rig.setup.games(), r.failed());
        out.line("%s (load CPU: on-CPU and waiting time of the load side over the step's wall time)", Results.LoadSide.RULE);
        out.line("| moves/s offered | deliveries/s offered | deliveries/s sustained | received/expected | p50 ms | p99 ms | p99.9 ms | max ms"
                + " | load on CPU | load waiting | load-bound |");
        out.line("|---|---|---|---|---|---|---|---|---|---|---|");
        int perGame = r.ok() / rig.setup.games();
        warmUp(rig, perGame, out);
        Map<String, Long> threads0 = ProcessCpu.byThread(rig.relay.pid());
        List<String> relaySide = new ArrayList<>(), began = new ArrayList<>();
        List<TailMoves.Step> tails = new ArrayList<>();
        SchedTrace trace = SchedTrace.start(rig.setup.workDir());
        try {
            steps(rig, perGame, out, relaySide, began, tails);
        } catch (Exception | Error e) {
            trace.abandon();  // perf would trace every core on, after the bench is gone
            throw e;
        }
        OtherRuns others = trace.stop(rig::ours);
        out.line("closed by the relay during the run: %d", rig.window().closedAfterSubscribe());
        // wall clock, as the GC logs' first column: which step a pause or a compilation fell into
        out.line("steps began (moves/s at local time): %s", String.join(", ", began));
        // which moves made each step's tail, and whether a JVM pause (the server's, a generator's, this one's) or another process lay on their way
        List<GcPauses> pauses = rig.gcPauses();
        long nowNanos = System.nanoTime();
        Instant now = Instant.now();
        for (TailMoves.Step t : tails) {
            String line = TailMoves.line(t, pauses, others, nowNanos, now);
            if (line != null) out.line("%s", line);
        }
        asideOthers(trace, others, tails, out);
        keepSlowMoves(rig.setup.workDir(), tails);
        // the relay's share of each step's tail, by its own histograms: a move's read on the ingest
        // socket to written in the journal, the core's hand-off of an update to the loops, and
        // release to written on the sockets (ms clock, per update and loop)
        if (!relaySide.isEmpty()) out.line("relay's own p99 per step (moves/s: ingest read to written, fan-out hand-off, release to written): %s",
                String.join("; ", relaySide));
        out.line("%s CPU by thread over the steps (after the warm-up): %s", rig.server.label,
                ProcessCpu.threadLine(threads0, ProcessCpu.byThread(rig.relay.pid())));
    }

    /** The rising rates, one step each, until the games run out or the server no longer keeps up. */
    private static void steps(Rig rig, int perGame, BenchReport out, List<String> relaySide, List<String> began,
                              List<TailMoves.Step> tails) throws Exception {
        for (double rate : rates()) {
            if (rig.ingest.remaining() < rate * stepSeconds()) {
                out.line("(stopped: the games' move lines are played out)");
                break;
            }
            var before = rig.server == Rig.Server.RELAY && relaySide() ? RelayTimers.histograms(rig.port) : null;
            began.add(String.format(Locale.ROOT, "%.0f at %s", rate, LocalTime.now().truncatedTo(ChronoUnit.MILLIS)));
            boolean more = step(rig, rate, perGame, "", out, tails);
            if (before != null) {
                var after = RelayTimers.histograms(rig.port);
                relaySide.add(String.format(Locale.ROOT, "%.0f: %s, %s, %s", rate,
                        RelayTimers.p99Between(before, after, "damrelay_ingest_written_seconds"),
                        RelayTimers.p99Between(before, after, "damrelay_fanout_duration_seconds"),
                        RelayTimers.p99Between(before, after, "damrelay_delivery_latency_seconds")));
            }
            if (!more) break;
        }
    }

    /** Every step's slow moves as data beside other-processes.txt (the same clock), to be read again by another rule. */
    private static void keepSlowMoves(Path dir, List<TailMoves.Step> tails) throws IOException {
        List<String> lines = new ArrayList<>(List.of("# moves/s sent_nanos max_micros deliveries_over_10ms"));
        for (TailMoves.Step t : tails) {
            for (SlowMoves.Move m : t.slow().worst(TailMoves.ASKED)) {
                lines.add(t.rate() + " " + m.sentNanos() + " " + m.maxMicros() + " " + m.slowDeliveries());
            }
        }
        Files.write(dir.resolve("slow-moves.txt"), lines);
    }

    /**
     * Each step's p99 against the bound once the moves another process held up are set aside, into
     * results.json and one line: the machine's own stalls (round 10) are neither server's.
     */
    private static void asideOthers(SchedTrace trace, OtherRuns others, List<TailMoves.Step> tails, BenchReport out) {
        if (trace.unavailable() != null) {
            out.line("no scheduler trace of the steps (%s): slow moves are not set against other processes", trace.unavailable());
            return;
        }
        long total = others.runs().stream().mapToLong(r -> r.endNanos() - r.startNanos()).sum();
        out.line("other processes on the cores during the steps: %d runs of %d ms or more, %.0f ms in all%s", others.runs().size(),
                OtherRuns.MIN_NANOS / 1_000_000, total / 1e6, others.runs().isEmpty() ? "" : "; longest: " + others.runs().stream()
                        .max(java.util.Comparator.comparingLong(r -> r.endNanos() - r.startNanos())).orElseThrow().describe());
        List<String> verdicts = new ArrayList<>();
        for (int i = 0; i < out.fanout.size() && i < tails.size(); i++) {
            TailMoves.Step t = tails.get(i);
            Boolean within = TailMoves.withinAsideOthers(t, others, true);
            out.fanout.set(i, out.fanout.get(i).asideOthers(within));
            verdicts.add(t.rate() + ": " + (within == null ? "not known" : within ? "yes" : "no"));
        }
        out.line("p99 <= %d ms once the moves held up by another process are set aside (moves/s: yes or no): %s",
                SlowMoves.SLOW_MICROS / 1000, String.join(", ", verdicts));
    }

    /** The warm-up games, when the setup has boards for them, and a report line saying so. */
    static void warmUpGames(Rig rig, BenchReport out) {
        if (rig.setup.warmUpBoards() == 0) return;
        long t0 = System.nanoTime();
        long played = rig.ingest.warmUp(WARM_UP_BOARDS_RATE, WARM_UP_BOARDS_MAX);
        out.line("warm-up games (not measured): %,d moves on %d unwatched boards in %.0f s", played,
                rig.setup.warmUpBoards(), (System.nanoTime() - t0) / 1e9);
    }

    static void warmUp(Rig rig, int perGame, BenchReport out) throws Exception {
        warmUpGames(rig, out);
        rig.reset();
        long sent = rig.ingest.play(warmUpRate(), Duration.ofSeconds(warmUpSeconds()));
        double[] ramp = warmUpRamp();
        for (double rate : ramp) sent += rig.ingest.play(rate, Duration.ofSeconds(1));
        Rig.Window w = Drain.until(rig, sent * perGame, 1500, 10_000);
        out.line("warm-up (not in the table): %.0f moves/s for %d s%s, %,d of %,d delivered; p99 %s ms", warmUpRate(),
                warmUpSeconds(), ramp.length == 0 ? "" : ", then 1 s at each of " + Arrays.toString(ramp) + " moves/s",
                w.updates(), sent * perGame, BenchReport.ms(w.micros().getValueAtPercentile(99)));
        rig.collectLoadSide();
        jitSettled(rig, out);
    }

    /** After a warm-up: waits (at most 30 s) until the server's JIT is done with what the warm-up set compiling, and says how long. */
    static void jitSettled(Rig rig, BenchReport out) throws InterruptedException {
        double waited = Drain.jitSettled(rig.relay.pid(), 1000, 30_000);
        out.line("%s's JIT settled (under 2%% of a core for 1 s) after %.1f s", rig.server.label, waited);
    }

    /**
     * One rate for {@link #stepSeconds()}: a table row after {@code label}'s cells; false when the
     * relay no longer keeps up (raising further says nothing).
     */
    static boolean step(Rig rig, double rate, int perGame, String label, BenchReport out) throws Exception {
        return step(rig, rate, perGame, label, out, null);
    }

    /** As {@link #step(Rig, double, int, String, BenchReport)}; {@code tails} (when not null) gets the step's slowest moves. */
    static boolean step(Rig rig, double rate, int perGame, String label, BenchReport out, List<TailMoves.Step> tails) throws Exception {
        rig.reset();
        ProcessCpu load0 = rig.loadCpu();
        long t0 = System.nanoTime();
        int seconds = stepSeconds();
        long sent = rig.ingest.play(rate, Duration.ofSeconds(seconds));
        long expected = sent * perGame;
        Rig.Window w = Drain.until(rig, expected, 1500, 10_000);
        Results.LoadSide load = Results.LoadSide.of(rig.loadCpu().minus(load0), System.nanoTime() - t0);
        // only the generators' few worst moves now; set against the GC logs after the last step (parsing them
        // here would set the load's JIT compiling into the next step, on the generators' core)
        if (tails != null) tails.add(new TailMoves.Step(String.format(Locale.ROOT, "%.0f", rate), sent, w.updates(), perGame,
                rig.slowMoves(TailMoves.ASKED)));
        double ratio = expected == 0 ? 0 : (double) w.updates() / expected;
        // sustained: everything received over the time it took, the step plus the latest delivery's lateness
        double sustained = w.updates() / (seconds + w.micros().getMaxValue() / 1e6);
        out.line("| %s%.0f | %,.0f | %,.0f | %.3f %s %s |", label, rate, rate * perGame, sustained, ratio,
                BenchReport.latencyCells(w.micros()), load.cells());
        Histogram h = w.micros();
        // a labelled row is one setup of several (the cluster's): results.json keeps the plain fan-out's
        if (label.isEmpty()) out.fanout.add(new Results.FanoutStep(rate, rate * perGame, sustained, ratio, BenchReport.millis(h.getValueAtPercentile(50)),
                BenchReport.millis(h.getValueAtPercentile(99)), BenchReport.millis(h.getValueAtPercentile(99.9)),
                BenchReport.millis(h.getMaxValue()), load, null));
        if (rig.ingest.errors() > 0) out.line("ingest errors: %d, first: %s", rig.ingest.errors(), rig.ingest.firstError());
        if (ratio < 0.9 || h.getValueAtPercentile(99) > 2_000_000) {
            out.line("(stopped raising: the %s no longer keeps up%s)", rig.server.label, load.bound() ? ", or the load side does not" : "");
            return false;
        }
        return true;
    }
}
