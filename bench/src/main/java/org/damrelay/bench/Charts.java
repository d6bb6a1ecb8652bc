package org.damrelay.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The reports' pictures, PNG next to report.md: latency against offered rate, memory against
 * connections; relay and baseline on one chart when both runs are at hand. Drawing never fails a
 * run: a chart that cannot be drawn is one line in the report instead.
 */
final class Charts {

    static final String LATENCY = "latency.png", MEMORY = "memory.png";

    private Charts() {}

    /**
     * Draws what {@code runs} (this run first, then its twin if any) have data for into {@code dir}.
     * Returns the report's lines: a markdown image per chart, or why it is missing.
     */
    static List<String> draw(Path dir, List<Results> runs) {
        System.setProperty("java.awt.headless", "true");
        List<String> lines = new ArrayList<>();
        if (runs.stream().anyMatch(r -> !r.fanout().isEmpty())) lines.add(save(dir.resolve(LATENCY), () -> latency(runs)));
        if (runs.stream().anyMatch(r -> r.memory() != null)) lines.add(save(dir.resolve(MEMORY), () -> memory(runs)));
        return lines;
    }

    private interface Drawing {
        XYChart chart() throws Exception;
    }

    private static String save(Path png, Drawing d) {
        try {
            BitmapEncoder.saveBitmap(d.chart(), png.toString(), BitmapEncoder.BitmapFormat.PNG);
            return "![" + png.getFileName() + "](" + png.getFileName() + ")";
        } catch (Throwable e) {  // no display libraries, no fonts, ...: the numbers are in the tables anyway
            return "(chart " + png.getFileName() + " not drawn: " + e + ")";
        }
    }

    static XYChart latency(List<Results> runs) {
        XYChart c = new XYChartBuilder().width(900).height(560).title("Fan-out: ingest-to-receipt latency")
                .xAxisTitle("deliveries/s offered").yAxisTitle("ms (log)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        for (Results r : runs) {
            if (r.fanout().isEmpty()) continue;
            series(c, r, "p50", Results.FanoutStep::p50Ms);
            series(c, r, "p99", Results.FanoutStep::p99Ms);
            series(c, r, "max", Results.FanoutStep::maxMs);
        }
        return c;
    }

    private static void series(XYChart c, Results r, String name, ToDoubleFunction<Results.FanoutStep> ms) {
        double[] x = r.fanout().stream().mapToDouble(Results.FanoutStep::deliveriesOffered).toArray();
        // a log axis takes no zero: a sub-10-µs value is drawn at 0.01 ms
        double[] y = r.fanout().stream().mapToDouble(ms).map(v -> Math.max(v, 0.01)).toArray();
        c.addSeries(r.server() + " " + name, x, y).setMarker(SeriesMarkers.CIRCLE);
    }

    static XYChart memory(List<Results> runs) {
        XYChart c = new XYChartBuilder().width(900).height(560).title("Resident memory against connections")
                .xAxisTitle("connections").yAxisTitle("RSS (MB)").build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        for (Results r : runs) {
            if (r.memory() == null || r.memory().rss().isEmpty()) continue;
            double[] x = r.memory().rss().stream().mapToDouble(Results.RssPoint::connections).toArray();
            double[] y = r.memory().rss().stream().mapToDouble(p -> p.rssKb() / 1024.0).toArray();
            c.addSeries(r.server(), x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        return c;
    }
}
