package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** results.json round-trips, the twin is found by name, the comparison states ratios, and charts are PNGs. */
class ResultsTest {

    @TempDir
    Path out;

    static Results fanout(String scenario, String server, String stamp, double p99) {
        Results.LoadSide load = new Results.LoadSide(0.4, 0.2, false);
        return new Results(scenario, server, stamp, 0.05, true, List.of(
                new Results.FanoutStep(50, 500, 495, 1.0, 0.5, p99, p99 * 2, p99 * 3, load, null),
                new Results.FanoutStep(100, 1000, 990, 1.0, 0.6, p99 * 2, p99 * 3, p99 * 4, Results.LoadSide.of(new ProcessCpu(95, 10), 100), true)),
                List.of(), null);
    }

    @Test
    void roundTripsAndComparesWithTheNewestTwin() throws Exception {
        Results relay = fanout("fanout", "relay", "20261124-100000", 4);
        Path dir = Files.createDirectories(out.resolve("fanout-20261124-100000"));
        relay.write(dir);
        assertEquals(relay, Results.read(dir.resolve(Results.FILE)));
        assertTrue(relay.fanout().get(1).load().bound(), "95% on a CPU is load-bound");

        Path older = Files.createDirectories(out.resolve("baseline-fanout-20261124-090000"));
        fanout("baseline-fanout", "baseline", "20261124-090000", 1).write(older);
        Path newer = Files.createDirectories(out.resolve("baseline-fanout-20261124-095959"));
        Results base = fanout("baseline-fanout", "baseline", "20261124-095959", 2);
        base.write(newer);
        assertEquals(newer.resolve(Results.FILE), Results.newest(out, Results.twin("fanout"), dir).orElseThrow());
        assertEquals(dir.resolve(Results.FILE), Results.newest(out, Results.twin("baseline-fanout"), newer).orElseThrow());

        String text = String.join("\n", Comparison.lines(relay, base));
        assertTrue(text.contains("| 50 | 4.00 | 2.00 | 2.00x | 495 | 495 | 1.00x |"), text);
        assertEquals(Comparison.lines(relay, base), Comparison.lines(base, relay), "the same table from either side");
        // relay p99 4 then 8 ms; baseline (p99 2) 2 then 4: both within at both steps; set aside: the relay's
        // second step said yes, its first not known (no trace): no figure rather than a wrong one
        assertTrue(text.contains("p99 <= 10 ms up to (deliveries/s): relay 1,000, baseline 1,000; once the moves held up by"
                + " another process are set aside: relay -, baseline -"), text);
    }

    @Test
    void theBoundIsTheLastRateBeforeTheFirstStepOverIt() {
        Results.LoadSide load = new Results.LoadSide(0.4, 0.2, false);
        Results r = new Results("fanout", "relay", "s", 1, true, List.of(
                new Results.FanoutStep(50, 9_500, 9_500, 1, 1, 4, 5, 6, load, true),
                new Results.FanoutStep(100, 19_000, 19_000, 1, 1, 12, 13, 30, load, true),
                new Results.FanoutStep(150, 28_500, 28_500, 1, 1, 8, 13, 30, load, false),
                new Results.FanoutStep(200, 38_000, 38_000, 1, 1, 9, 13, 30, load, true)), List.of(), null);
        assertEquals("9,500", Comparison.bound(r, false), "a later step under 10 ms does not lift the bound past one over it");
        assertEquals("19,000", Comparison.bound(r, true), "set aside, the 19,000 step was within; the 28,500 one was not");
        Results unknownLater = new Results("fanout", "relay", "s", 1, true, List.of(r.fanout().get(0),
                new Results.FanoutStep(100, 19_000, 19_000, 1, 1, 12, 13, 30, load, null)), List.of(), null);
        assertEquals("at least 9,500", Comparison.bound(unknownLater, true), "a step not known ends the bound as a lower one");
    }

    @Test
    void oneMoreConnectionCostsTheSlopeAfterTheFirstQuarterNotTheFixedCost() {
        // 100 MB idle, +50 MB fixed in the first quarter, then 2,000 bytes a connection
        List<Results.RssPoint> rss = new java.util.ArrayList<>(List.of(new Results.RssPoint(0, 100_000)));
        for (int q = 1; q <= 4; q++) rss.add(new Results.RssPoint(q * 1000, 150_000 + (q * 1000L * 2000) / 1024));
        assertEquals(2000, Results.Memory.marginal(rss), 2);
        assertEquals(0, Results.Memory.marginal(rss.subList(0, 2)), "one point past idle has no slope");
    }

    @Test
    void chartsArePngFilesNextToTheReport() throws Exception {
        Results relay = fanout("fanout", "relay", "a", 4), base = fanout("baseline-fanout", "baseline", "b", 1);
        Results mem = new Results("connections", "relay", "c", 0.05, true, List.of(), List.of(),
                new Results.Memory(100, 0, 2000, 2000, List.of(new Results.RssPoint(0, 90_000), new Results.RssPoint(100, 90_200))));
        List<String> lines = Charts.draw(out, List.of(relay, base));
        assertEquals(List.of("![latency.png](latency.png)"), lines);
        assertEquals(List.of("![memory.png](memory.png)"), Charts.draw(out, List.of(mem)));
        for (String png : List.of(Charts.LATENCY, Charts.MEMORY)) {
            byte[] head = Arrays.copyOf(Files.readAllBytes(out.resolve(png)), 8);
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, head, png);
        }
    }

    @Test
    void aChartThatCannotBeDrawnIsOneLine() {
        Results relay = fanout("fanout", "relay", "a", 4);
        List<String> lines = Charts.draw(out.resolve("no such directory"), List.of(relay));
        assertEquals(1, lines.size());
        assertTrue(lines.get(0).startsWith("(chart latency.png not drawn: "), lines.get(0));
    }
}
