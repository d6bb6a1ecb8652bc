package org.damrelay.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A run's numbers, machine-readable next to its report.md ({@value #FILE}): what a relay run and
 * its baseline twin are compared and charted from. Lists a scenario does not fill stay empty.
 *
 * @param scenario  as on the command line: fanout, baseline-fanout, ...
 * @param server    relay or baseline
 * @param startedAt the run's stamp (yyyyMMdd-HHmmss), also its directory's suffix
 */
record Results(String scenario, String server, String startedAt, double scale, boolean pinned,
               List<FanoutStep> fanout, List<HotMove> hot, Memory memory) {

    static final String FILE = "results.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * The load side's share of its core over a step: on-CPU and runnable-but-waiting time over the
     * step's wall time (summed over its processes' threads, so waiting can exceed 1).
     */
    record LoadSide(double onCpu, double waiting, boolean bound) {

        /** The rule the reports state: the load's core was (nearly) saturated, so the step measures the load too. */
        static final String RULE = "load-bound: the load side was on its CPU for >= 90% of the step's wall time,"
                + " or its threads waited for a CPU longer than they ran";

        static LoadSide of(ProcessCpu used, long wallNanos) {
            double on = (double) used.onCpuNanos() / wallNanos, wait = (double) used.waitingNanos() / wallNanos;
            return new LoadSide(on, wait, on >= 0.9 || wait > on);
        }

        String cells() {
            return String.format(java.util.Locale.ROOT, "%.0f%% | %.0f%% | %s", onCpu * 100, waiting * 100, bound ? "**yes**" : "no");
        }
    }

    /**
     * One offered rate of the fan-out scenario. Latencies in ms.
     *
     * @param withinAsideOthers whether p99 was within 10 ms once the moves another process held up
     *                          are set aside ({@link TailMoves#withinAsideOthers}); null when not known
     */
    record FanoutStep(double movesPerSecond, double deliveriesOffered, double deliveriesSustained, double receivedRatio,
                      double p50Ms, double p99Ms, double p999Ms, double maxMs, LoadSide load, Boolean withinAsideOthers) {

        FanoutStep asideOthers(Boolean within) {
            return new FanoutStep(movesPerSecond, deliveriesOffered, deliveriesSustained, receivedRatio, p50Ms, p99Ms, p999Ms, maxMs, load, within);
        }
    }

    /** One move of the hot game: when the first, median and last spectator had it (ms); complete: every spectator did. */
    record HotMove(int move, long received, boolean complete, double firstMs, double medianMs, double lastMs, LoadSide load) {}

    /** Resident memory of the server process at one connection count on the way up. */
    record RssPoint(int connections, long rssKb) {}

    /**
     * The connections scenario: all connected, and memory on the way up (the first point is 0 connections).
     *
     * @param bytesPerConnection       RSS growth from the idle server over all connections: with the
     *                                 fixed cost of the first connections (compiled code, arenas, heap first touched)
     * @param marginalBytesPerConnection what one more connection adds: the slope of RSS over the points
     *                                 after the first quarter (least squares), the fixed cost left out
     */
    record Memory(int connections, int failed, long bytesPerConnection, long marginalBytesPerConnection, List<RssPoint> rss) {

        /** The least-squares slope of RSS against connections over the points past the first quarter, in bytes; 0 with fewer than two. */
        static long marginal(List<RssPoint> rss) {
            List<RssPoint> after = rss.stream().filter(p -> p.connections() > 0).toList();
            if (after.size() < 2) return 0;
            double n = after.size(), sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (RssPoint p : after) {
                sx += p.connections();
                sy += p.rssKb() * 1024.0;
                sxx += (double) p.connections() * p.connections();
                sxy += p.connections() * (p.rssKb() * 1024.0);
            }
            double d = n * sxx - sx * sx;
            return d == 0 ? 0 : Math.round((n * sxy - sx * sy) / d);
        }
    }

    void write(Path dir) throws IOException {
        JSON.writeValue(dir.resolve(FILE).toFile(), this);
    }

    static Results read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Results.class);
    }

    /** The newest run of {@code scenario} under {@code out} (directories SCENARIO-STAMP with a results file), other than {@code except}. */
    static Optional<Path> newest(Path out, String scenario, Path except) throws IOException {
        if (!Files.isDirectory(out)) return Optional.empty();
        try (Stream<Path> runs = Files.list(out)) {
            return runs.filter(d -> d.getFileName().toString().matches(java.util.regex.Pattern.quote(scenario) + "-\\d{8}-\\d{6}"))
                    .filter(d -> !d.equals(except) && Files.isRegularFile(d.resolve(FILE)))
                    .max(java.util.Comparator.comparing(d -> d.getFileName().toString()))
                    .map(d -> d.resolve(FILE));
        }
    }

    /** The scenario this one is compared with: fanout and baseline-fanout, and so on; null when it has none. */
    static String twin(String scenario) {
        if (scenario.startsWith(BenchCommand.BASELINE)) return scenario.substring(BenchCommand.BASELINE.length());
        return BenchCommand.TWINNED.contains(scenario) ? BenchCommand.BASELINE + scenario : null;
    }
}
