package org.damrelay.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** A relay run against its baseline twin, as report lines: the relay's figures as ratios to the baseline's. */
final class Comparison {

    private Comparison() {}

    /** @return nothing when the two runs are not twins of the same scenario */
    static List<String> lines(Results a, Results b) {
        Results relay = a.server().equals("relay") ? a : b, base = relay == a ? b : a;
        List<String> out = new ArrayList<>();
        if (relay.server().equals(base.server())) return out;
        out.add(String.format(Locale.ROOT, "### Relay against the baseline: %s (%s, scale %s) and %s (%s, scale %s)",
                relay.scenario(), relay.startedAt(), relay.scale(), base.scenario(), base.startedAt(), base.scale()));
        if (relay.scale() != base.scale() || relay.pinned() != base.pinned()) {
            out.add("(not like for like: the two runs differ in scale or pinning)");
        }
        if (!relay.fanout().isEmpty() || !base.fanout().isEmpty()) fanout(relay, base, out);
        if (!relay.hot().isEmpty() || !base.hot().isEmpty()) hot(relay, base, out);
        if (relay.memory() != null && base.memory() != null) {
            out.add(String.format(Locale.ROOT, "bytes per connection: relay %,d, baseline %,d: relay/baseline %s;"
                            + " what one more adds (slope after the first quarter): relay %,d, baseline %,d: relay/baseline %s",
                    relay.memory().bytesPerConnection(), base.memory().bytesPerConnection(),
                    ratio(relay.memory().bytesPerConnection(), base.memory().bytesPerConnection()),
                    relay.memory().marginalBytesPerConnection(), base.memory().marginalBytesPerConnection(),
                    ratio(relay.memory().marginalBytesPerConnection(), base.memory().marginalBytesPerConnection())));
        }
        return out;
    }

    private static void fanout(Results relay, Results base, List<String> out) {
        Map<Double, Results.FanoutStep[]> byRate = new TreeMap<>();
        for (Results.FanoutStep s : relay.fanout()) byRate.computeIfAbsent(s.movesPerSecond(), k -> new Results.FanoutStep[2])[0] = s;
        for (Results.FanoutStep s : base.fanout()) byRate.computeIfAbsent(s.movesPerSecond(), k -> new Results.FanoutStep[2])[1] = s;
        out.add("| moves/s offered | relay p99 ms | baseline p99 ms | p99 relay/baseline | relay deliveries/s sustained"
                + " | baseline deliveries/s sustained | sustained relay/baseline | load-bound (relay run / baseline run) |");
        out.add("|---|---|---|---|---|---|---|---|");
        for (Map.Entry<Double, Results.FanoutStep[]> e : byRate.entrySet()) {
            Results.FanoutStep r = e.getValue()[0], b = e.getValue()[1];
            out.add(String.format(Locale.ROOT, "| %.0f | %s | %s | %s | %s | %s | %s | %s / %s |", e.getKey(),
                    r == null ? "-" : num(r.p99Ms()), b == null ? "-" : num(b.p99Ms()),
                    r == null || b == null ? "-" : ratio(r.p99Ms(), b.p99Ms()),
                    r == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.deliveriesSustained()),
                    b == null ? "-" : String.format(Locale.ROOT, "%,.0f", b.deliveriesSustained()),
                    r == null || b == null ? "-" : ratio(r.deliveriesSustained(), b.deliveriesSustained()),
                    r == null ? "-" : r.load().bound() ? "yes" : "no", b == null ? "-" : b.load().bound() ? "yes" : "no"));
        }
        out.add(String.format(Locale.ROOT, "p99 <= 10 ms up to (deliveries/s): relay %s, baseline %s; once the moves held up by"
                        + " another process are set aside: relay %s, baseline %s", bound(relay, false), bound(base, false),
                bound(relay, true), bound(base, true)));
    }

    /**
     * The highest rate offered up to which every step kept p99 within 10 ms, as a figure. With
     * {@code asideOthers}, a step whose verdict is not known ends it as a lower bound ("at least"),
     * or "-" when that is the first step (no trace).
     */
    static String bound(Results r, boolean asideOthers) {
        double upTo = 0;
        for (Results.FanoutStep s : r.fanout()) {
            Boolean within = asideOthers ? s.withinAsideOthers() : Boolean.valueOf(s.p99Ms() <= 10);
            if (within == null) return upTo == 0 ? "-" : String.format(Locale.ROOT, "at least %,.0f", upTo);
            if (!within) break;
            upTo = s.deliveriesOffered();
        }
        return String.format(Locale.ROOT, "%,.0f", upTo);
    }

    private static void hot(Results relay, Results base, List<String> out) {
        double r = medianLast(relay), b = medianLast(base);
        out.add(String.format(Locale.ROOT, "median time until the last spectator has the move: relay %s ms, baseline %s ms:"
                + " relay/baseline %s", num(r), num(b), ratio(r, b)));
    }

    /** Over the moves that reached every spectator; NaN when none did. */
    static double medianLast(Results r) {
        double[] v = r.hot().stream().filter(Results.HotMove::complete).mapToDouble(Results.HotMove::lastMs).sorted().toArray();
        return v.length == 0 ? Double.NaN : v[(v.length - 1) / 2];
    }

    private static String num(double ms) {
        return Double.isNaN(ms) ? "-" : ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.2f", ms);
    }

    private static String ratio(double relay, double base) {
        if (Double.isNaN(relay) || Double.isNaN(base) || base <= 0) return "-";
        return String.format(Locale.ROOT, "%.2fx", relay / base);
    }
}
