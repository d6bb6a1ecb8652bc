package org.damrelay.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The relay's own timers from its /metrics page, to say where end-to-end latency went: waiting
 * for the journal's fsync (updates are released only once durable), handing an update to the
 * event loops, or writing it out.
 */
final class RelayTimers {

    private RelayTimers() {}

    /** Saves the whole scrape next to the report and returns a one-line summary. */
    static String summary(int port, Path saveTo) {
        Map<String, Double> v;
        try {
            v = scrape(port, Duration.ofSeconds(10), saveTo);
        } catch (IOException e) {
            return "relay metrics unavailable: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "relay metrics unavailable: interrupted";
        }
        return timer(v, "ingest read to written", "damrelay_ingest_written_seconds") + "; "
                + timer(v, "journal fsync", "damrelay_journal_fsync_seconds") + "; "
                + timer(v, "fan-out hand-off per update", "damrelay_fanout_duration_seconds") + "; "
                + timer(v, "release to write (ms clock)", "damrelay_delivery_latency_seconds");
    }

    /**
     * The cumulative bucket counts of the relay's latency histograms now (name to upper bound in
     * seconds to count), to take the difference over one step; empty when /metrics does not answer.
     */
    static Map<String, TreeMap<Double, Double>> histograms(int port) {
        Map<String, TreeMap<Double, Double>> out = new HashMap<>();
        Map<String, Double> v;
        try {
            v = scrape(port, Duration.ofSeconds(5), null);
        } catch (IOException e) {
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return out;
        }
        for (Map.Entry<String, Double> e : v.entrySet()) {
            String sample = e.getKey();
            int le = sample.indexOf("_bucket{le=\"");
            if (le < 0) continue;
            String bound = sample.substring(le + 12, sample.indexOf('"', le + 12));
            if (bound.equals("+Inf")) continue;
            try {
                out.computeIfAbsent(sample.substring(0, le), k -> new TreeMap<>()).put(Double.parseDouble(bound), e.getValue());
            } catch (NumberFormatException x) {
                // not a bound
            }
        }
        return out;
    }

    /** The /metrics page as sample (name with labels) to value; the page itself saved to {@code saveTo} when given. */
    private static Map<String, Double> scrape(int port, Duration timeout, Path saveTo) throws IOException, InterruptedException {
        String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(timeout).build(), HttpResponse.BodyHandlers.ofString()).body();
        if (saveTo != null) Files.writeString(saveTo, text);
        Map<String, Double> v = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) continue;
            int sp = line.lastIndexOf(' ');
            try {
                v.put(line.substring(0, sp), Double.parseDouble(line.substring(sp + 1)));
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                // not a sample line
            }
        }
        return v;
    }

    /**
     * The 99th percentile of what {@code name} recorded between two {@link #histograms} reads, as
     * "<= N ms" (the upper bound of its bucket), or "-" when nothing was recorded.
     */
    static String p99Between(Map<String, TreeMap<Double, Double>> before, Map<String, TreeMap<Double, Double>> after, String name) {
        TreeMap<Double, Double> a = after.get(name), b = before.getOrDefault(name, new TreeMap<>());
        if (a == null || a.isEmpty()) return "-";
        double total = a.lastEntry().getValue() - b.getOrDefault(a.lastKey(), 0.0);
        if (total <= 0) return "-";
        for (Map.Entry<Double, Double> e : a.entrySet()) {
            if (e.getValue() - b.getOrDefault(e.getKey(), 0.0) >= 0.99 * total) {
                return String.format(Locale.ROOT, "<= %.1f ms", e.getKey() * 1000);
            }
        }
        return String.format(Locale.ROOT, "> %.0f ms", a.lastKey() * 1000);
    }

    private static String timer(Map<String, Double> v, String label, String name) {
        double count = v.getOrDefault(name + "_count", 0.0), sum = v.getOrDefault(name + "_sum", 0.0);
        double max = v.getOrDefault(name + "_max", 0.0);
        if (count == 0) return label + ": no samples";
        return String.format(Locale.ROOT, "%s: %,.0f, mean %.2f ms, recent max %.1f ms", label, count, sum / count * 1000,
                max * 1000);
    }
}
