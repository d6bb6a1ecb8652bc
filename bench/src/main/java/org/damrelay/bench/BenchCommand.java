package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code damrelay bench SCENARIO}: the relay in its own JVM on core 0, spectator generators in
 * several JVMs on core 1, the ingest load here (also on core 1); one bounded run, then a report.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs one relay benchmark (docs/benchmarks.md, docs/scaling.md): connections, fanout, hot, reconnect, slow, ingest, cluster, growth"
                + " or board-to-screen (from the clock press and the last piece change to a spectator, through the serial path);"
                + " baseline-connections, baseline-fanout and baseline-hot run the same against a bare Netty broadcaster.",
                "The relay runs pinned to core 0 (taskset), the load on core 1. Bounded: minutes at most."})
public final class BenchCommand implements Callable<Integer> {

    /** The prefix of a baseline twin: the same scenario against the bare Netty broadcaster in the relay's place. */
    static final String BASELINE = "baseline-";
    /** The scenarios that have a baseline twin. */
    static final Set<String> TWINNED = Set.of("fanout", "hot", "connections");

    static final Map<String, Scenario> SCENARIOS = Map.of(
            "connections", new ConnectionsScenario(),
            "fanout", new FanoutScenario(),
            "hot", new HotGameScenario(),
            "reconnect", new ReconnectScenario(),
            "slow", new SlowConsumersScenario(),
            "ingest", new IngestScenario(),
            "cluster", new ClusterScenario(),
            "growth", new GrowthScenario(),
            "board-to-screen", new BoardToScreenScenario());

    @Parameters(paramLabel = "SCENARIO", description = "connections | fanout | hot | reconnect | slow | ingest | cluster | growth | board-to-screen"
            + " | baseline-connections | baseline-fanout | baseline-hot")
    String scenario;

    @Option(names = "--scale", defaultValue = "1.0",
            description = "multiplies the spectator count (1 = the target's count; 0.05 for a quick try)")
    double scale;

    @Option(names = "--out", defaultValue = "bench-results", description = "where reports and logs go")
    Path out;

    @Option(names = "--relay-jvm", split = ",",
            description = "JVM options of the relay process, comma-separated (default: those `damrelay relay` starts with,"
                    + " deploy/relay-jvm.options)")
    List<String> relayJvm;

    @Option(names = "--no-pin", description = "no taskset: for trying the harness, not for numbers")
    boolean noPin;

    @Override
    public Integer call() throws Exception {
        boolean baseline = scenario.startsWith(BASELINE) && TWINNED.contains(scenario.substring(BASELINE.length()));
        Scenario s = SCENARIOS.get(baseline ? scenario.substring(BASELINE.length()) : scenario);
        Rig.Server server = baseline ? Rig.Server.BASELINE : Rig.Server.RELAY;
        if (s == null) {
            System.err.println("unknown scenario \"" + scenario + "\"; one of " + SCENARIOS.keySet() + " or baseline- and one of " + TWINNED);
            return 2;
        }
        String badKnob = Knob.problem(System.getProperties());
        if (badKnob != null) {
            System.err.println(badKnob);
            return 2;
        }
        if (scale <= 0 || scale > 1.5) {
            System.err.println("--scale " + scale + " must be in (0, 1.5]");
            return 2;
        }
        if (relayJvm == null) {
            Path options = relayJvmOptions();
            if (options == null) {
                System.err.println("deploy/relay-jvm.options not found (run through ./damrelay, or give --relay-jvm)");
                return 2;
            }
            relayJvm = List.of("@" + options);
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path work = Files.createDirectories(out.resolve(scenario + "-" + stamp));
        int cores = Runtime.getRuntime().availableProcessors();
        boolean pinned = !noPin && Pinning.pinSelf(Pinning.LOAD_CORE);
        BenchReport report = new BenchReport(System.out);
        report.line("## bench %s (scale %s) at %s", scenario, scale, stamp);
        report.line("%d cores; relay pinned to core %d and load to core %d: %s; load average at start: %s", cores,
                Pinning.RELAY_CORE, Pinning.LOAD_CORE, pinned ? "yes" : noPin ? "no (--no-pin)" : "no (taskset missing or one core)", loadAverage());
        try (Rig rig = new Rig(s.setup(scale, work, relayJvm), pinned, server)) {
            report.line("%s pid %d on port %d, %d generator processes, %s JVM %s", server.label, rig.relay.pid(), rig.port,
                    rig.generators.size(), server.label, relayJvm);
            ProcessCpu cpu0 = ProcessCpu.of(rig.relay.pid()), load0 = rig.loadCpu();
            Map<String, Long> threads0 = ProcessCpu.byThread(rig.relay.pid());
            long wall0 = System.nanoTime();
            s.run(rig, report);
            ProcessCpu cpu = ProcessCpu.of(rig.relay.pid()).minus(cpu0), load = rig.loadCpu().minus(load0);
            double wall = (System.nanoTime() - wall0) / 1e9;
            report.line("%s CPU during the scenario: %.1f s on a CPU, %.1f s runnable but waiting for one, over %.1f s",
                    server.label, cpu.onCpuNanos() / 1e9, cpu.waitingNanos() / 1e9, wall);
            report.line("%s CPU by thread during the scenario: %s", server.label,
                    ProcessCpu.threadLine(threads0, ProcessCpu.byThread(rig.relay.pid())));
            // the load side shares one core too: if it is busy all the time, it is part of the latency
            report.line("load side (generators and this JVM) CPU: %.1f s on a CPU, %.1f s waiting, over %.1f s",
                    load.onCpuNanos() / 1e9, load.waitingNanos() / 1e9, wall);
            if (server == Rig.Server.RELAY) report.line("relay's timers: %s", RelayTimers.summary(rig.port, work.resolve("relay-metrics.txt")));
            if (rig.ingest != null && rig.ingest.errors() > 0) {
                report.line("ingest errors: %d, first: %s", rig.ingest.errors(), rig.ingest.firstError());
            }
            report.line("load average at the end: %s", loadAverage());
            compare(new Results(scenario, server.label, stamp, scale, pinned, report.fanout, report.hot, report.memory), work, report);
        } finally {
            report.save(work.resolve("report.md"));
        }
        return 0;
    }

    /**
     * Saves this run's numbers, and states them against the newest run of its twin in the same
     * --out directory (the relay's as ratios to the baseline's); then the charts, with both runs.
     */
    private void compare(Results mine, Path work, BenchReport report) throws IOException {
        mine.write(work);
        List<Results> runs = new ArrayList<>(List.of(mine));
        String twin = Results.twin(scenario);
        Optional<Path> other = twin == null ? Optional.empty() : Results.newest(out, twin, work);
        if (other.isPresent()) {
            try {
                Results them = Results.read(other.get());
                runs.add(them);
                for (String l : Comparison.lines(mine, them)) report.line("%s", l);
            } catch (IOException e) {
                report.line("(%s not read: %s)", other.get(), e.getMessage());
            }
        } else if (twin != null) {
            report.line("(no %s run in %s to compare with: run ./damrelay bench %s --out %s)", twin, out, twin, out);
        }
        for (String l : Charts.draw(work, runs)) report.line("%s", l);
    }

    /**
     * The options file `damrelay relay` starts with: under DAMRELAY_HOME (the script sets it), else
     * in the working directory or the nearest one above it that has deploy/ (a module's tests).
     */
    static Path relayJvmOptions() {
        String home = System.getenv("DAMRELAY_HOME");
        if (home != null && Files.isRegularFile(Path.of(home, "deploy", "relay-jvm.options"))) {
            return Path.of(home, "deploy", "relay-jvm.options").toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("deploy/relay-jvm.options"))) return dir.resolve("deploy/relay-jvm.options");
        }
        return null;
    }

    /** Other work on the machine skews every number: the report says how busy it was. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
