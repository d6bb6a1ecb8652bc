package org.damrelay.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** What a run found: printed as it goes and kept as a markdown file for docs/benchmarks.md. */
final class BenchReport {

    private final StringBuilder text = new StringBuilder();
    /** The tables' rows as values, for results.json: filled by the scenarios that have them. */
    final List<Results.FanoutStep> fanout = new ArrayList<>();
    final List<Results.HotMove> hot = new ArrayList<>();
    Results.Memory memory;
    private final PrintStream console;

    BenchReport(PrintStream console) {
        this.console = console;
    }

    void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        text.append(s).append('\n');
        console.println(s);
        console.flush();
    }

    /** p50/p99/p99.9/max in milliseconds of a histogram recorded in microseconds. */
    static String latency(Histogram micros) {
        if (micros.getTotalCount() == 0) return "no samples";
        return String.format(Locale.ROOT, "p50 %s ms, p99 %s ms, p99.9 %s ms, max %s ms (%,d samples)",
                ms(micros.getValueAtPercentile(50)), ms(micros.getValueAtPercentile(99)),
                ms(micros.getValueAtPercentile(99.9)), ms(micros.getMaxValue()), micros.getTotalCount());
    }

    /** The same as a markdown table's cells: | p50 | p99 | p99.9 | max |. */
    static String latencyCells(Histogram micros) {
        if (micros.getTotalCount() == 0) return "| - | - | - | - |";
        return "| " + ms(micros.getValueAtPercentile(50)) + " | " + ms(micros.getValueAtPercentile(99)) + " | "
                + ms(micros.getValueAtPercentile(99.9)) + " | " + ms(micros.getMaxValue()) + " |";
    }

    static double millis(long micros) {
        return micros / 1000.0;
    }

    static String ms(long micros) {
        return micros >= 100_000 ? String.valueOf(Math.round(micros / 1000.0))
                : String.format(Locale.ROOT, "%.2f", micros / 1000.0);
    }

    void save(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        console.println("report written to " + file);
    }
}
