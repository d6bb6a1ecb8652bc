package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.bench.Growth.Axis;
import org.damrelay.bench.Growth.Estimate;
import org.damrelay.bench.Growth.Limit;
import org.damrelay.bench.Growth.Metric;
import org.damrelay.bench.Growth.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The growth scenario's arithmetic, from given rows: where each limit lies, which comes first, growth.json. */
class GrowthTest {

    @TempDir
    Path dir;

    /** A row with only what the limits read: the axis's sizes, CPU share and p99. */
    private static Row row(Axis axis, int perGame, int games, double perMinute, double cpuShare, double p99Ms) {
        return new Row(axis, perGame, games, perGame * games, perMinute, games * perMinute / 60, 0, 0, 0, 0, 6,
                cpuShare, 0, 0, 0, 100, 4, p99Ms / 3, p99Ms, p99Ms * 2);
    }

    @Test
    void cpuGrowingOnALineIsExtrapolatedToAFullCore() {
        // 2% of the core per 20 spectators per game, from 1% idle: 100% at 990 spectators per game
        List<Row> rows = List.of(row(Axis.SPECTATORS, 20, 50, 2, 0.03, 1), row(Axis.SPECTATORS, 60, 50, 2, 0.07, 1),
                row(Axis.SPECTATORS, 180, 50, 2, 0.19, 1));
        Limit cpu = Growth.limit(Axis.SPECTATORS, Metric.CPU, rows);
        assertEquals(Estimate.EXTRAPOLATED, cpu.estimate());
        assertEquals(990, cpu.at(), 1e-6);
        assertEquals(60, cpu.middle());
        Limit p99 = Growth.limit(Axis.SPECTATORS, Metric.P99, rows);
        assertEquals(Estimate.NOT_UNDER_LOAD, p99.estimate(), "a low p99 at an idle relay reaches nothing");
        assertNull(p99.at());
    }

    @Test
    void aNoisyAxisIsFittedByLeastSquaresNotDecidedByOnePoint() {
        // CPU 10%, 10%, 40%: the line through the three, not the last point alone
        List<Row> rates = List.of(row(Axis.RATE, 60, 50, 1, 0.10, 4), row(Axis.RATE, 60, 50, 2, 0.10, 12),
                row(Axis.RATE, 60, 50, 600, 0.40, 16));
        double[] x = {1, 2, 600};
        Limit cpu = Growth.limit(Axis.RATE, Metric.CPU, rates);
        assertEquals(Estimate.EXTRAPOLATED, cpu.estimate());
        assertEquals(crossing(x, new double[] {0.10, 0.10, 0.40}, 1.0), cpu.at(), 1e-6);
    }

    @Test
    void p99DecidesALimitOnlyWhereTheRelayWasLoaded() {
        // 12 ms at a relay 10% busy is its wake-up floor; 16 ms at 40% too; 30 ms at 90% is a limit, as measured
        List<Row> idle = List.of(row(Axis.RATE, 60, 50, 1, 0.10, 4), row(Axis.RATE, 60, 50, 2, 0.10, 12),
                row(Axis.RATE, 60, 50, 600, 0.40, 16));
        assertEquals(Estimate.NOT_UNDER_LOAD, Growth.limit(Axis.RATE, Metric.P99, idle).estimate());
        assertTrue(Growth.limit(Axis.RATE, Metric.P99, idle).sentence().contains("floor"));
        List<Row> loaded = List.of(row(Axis.RATE, 60, 50, 1, 0.10, 12), row(Axis.RATE, 60, 50, 2, 0.60, 8),
                row(Axis.RATE, 60, 50, 600, 0.90, 30));
        Limit p99 = Growth.limit(Axis.RATE, Metric.P99, loaded);
        assertEquals(Estimate.MEASURED, p99.estimate());
        assertEquals(600, p99.at());
    }

    /** Where the least-squares line through (x, y) reaches {@code threshold}, written out longhand. */
    private static double crossing(double[] x, double[] y, double threshold) {
        double mx = (x[0] + x[1] + x[2]) / 3, my = (y[0] + y[1] + y[2]) / 3, sxy = 0, sxx = 0;
        for (int i = 0; i < 3; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        return mx + (threshold - my) / (sxy / sxx);
    }

    @Test
    void theFirstLimitIsTheOneNearestItsMiddleSize() {
        List<Row> rows = new ArrayList<>();
        // spectators: CPU 100% at 990 per game (16.5x the middle 60)
        rows.add(row(Axis.SPECTATORS, 20, 50, 2, 0.03, 1));
        rows.add(row(Axis.SPECTATORS, 60, 50, 2, 0.07, 1));
        rows.add(row(Axis.SPECTATORS, 180, 50, 2, 0.19, 1));
        // games: p99 12 ms at 150 games with the relay 60% busy: measured there (3x the middle 50)
        rows.add(row(Axis.GAMES, 60, 10, 2, 0.01, 5));
        rows.add(row(Axis.GAMES, 60, 50, 2, 0.20, 6));
        rows.add(row(Axis.GAMES, 60, 150, 2, 0.60, 12));
        // rate: nothing grows
        rows.add(row(Axis.RATE, 60, 50, 1, 0.05, 1));
        rows.add(row(Axis.RATE, 60, 50, 2, 0.05, 1));
        rows.add(row(Axis.RATE, 60, 50, 600, 0.05, 1));
        List<Limit> limits = Growth.limits(rows);
        assertEquals(6, limits.size());
        Limit first = Growth.first(limits).orElseThrow();
        assertEquals(Axis.GAMES, first.axis());
        assertEquals(Metric.P99, first.metric());
        assertEquals(Estimate.MEASURED, first.estimate());
        assertEquals(150, first.at());
        assertTrue(Growth.firstSentence(limits).startsWith("First limit: games per round: p99 would pass 10 ms at about 150"),
                Growth.firstSentence(limits));
    }

    @Test
    void nineRowsOfThePlanGoToGrowthJsonAndBack() throws Exception {
        List<GrowthScenario.Point> points = GrowthScenario.points(0.1);
        assertEquals(9, points.size());
        List<Row> rows = new ArrayList<>();
        for (GrowthScenario.Point p : points) {
            double deliveries = p.movesPerSecond() * p.perGame();
            rows.add(row(p.axis(), p.perGame(), p.games(), p.movesPerGamePerMinute(), 0.01 + deliveries / 80_000, 2));
        }
        Path file = dir.resolve("growth.json");
        Growth.save(file, Growth.result(0.1, true, rows));
        Growth.Result back = Growth.load(file);
        assertEquals(9, back.rows().size());
        assertEquals(rows, back.rows());
        assertEquals(6, back.limits().size());
        assertTrue(back.firstLimit().startsWith("First limit: "), back.firstLimit());
        assertEquals(9, Growth.table(rows).size() - 2, "a header, a rule and a line per row");
    }
}
