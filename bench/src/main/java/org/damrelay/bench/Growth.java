package org.damrelay.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The growth table's values and arithmetic, apart from the runs that measure them (so they can be
 * tested): measured rows in; the table, where each limit would be reached, and growth.json out.
 */
final class Growth {

    private Growth() {}

    /** What grows along one axis; the other two stay at their middle size. */
    enum Axis {
        SPECTATORS("spectators per game", Row::spectatorsPerGame),
        GAMES("games per round", Row::games),
        RATE("moves per game per minute", Row::movesPerGamePerMinute);

        final String label;
        private final ToDoubleFunction<Row> size;

        Axis(String label, ToDoubleFunction<Row> size) {
            this.label = label;
            this.size = size;
        }

        double size(Row r) { return size.applyAsDouble(r); }
    }

    /** A limit of one relay on its core: the targets' p99 and a saturated core. */
    enum Metric {
        CPU("the relay's CPU would reach 100% of its core", 1.0, Row::relayCpuShare),
        P99("p99 would pass 10 ms", 10.0, Row::p99Ms);

        final String label;
        final double threshold;
        private final ToDoubleFunction<Row> value;

        Metric(String label, double threshold, ToDoubleFunction<Row> value) {
            this.label = label;
            this.threshold = threshold;
            this.value = value;
        }

        double value(Row r) { return value.applyAsDouble(r); }
    }

    /** How a limit's size was found. */
    enum Estimate {
        /** the line through the three points (least squares) crosses the threshold beyond them */
        EXTRAPOLATED,
        /** the line crosses it between the smallest and the largest size measured */
        WITHIN_RANGE,
        /** the line is over it already at the smallest size measured */
        AT_OR_BELOW_SMALLEST,
        /** the metric does not grow along the axis in these points */
        NOT_IN_SIGHT,
        /** p99: measured over the threshold at this size, with the relay loaded */
        MEASURED,
        /** p99: never over the threshold at a point where the relay was loaded */
        NOT_UNDER_LOAD
    }

    /**
     * A relay under {@link #LOADED} of its core is nearly idle: its p99 there is the floor of the
     * thread wake-ups a move passes (4-12 ms on the project machine at 1% CPU), noise rather than a
     * trend, so p99 decides a limit only at loaded points, and only as measured, never extrapolated.
     */
    static final double LOADED = 0.5;

    /**
     * One measured point. CPU shares are on-CPU (and runnable-but-waiting) time over wall time of
     * the measured window and its drain; RSS is the relay's after the window, RSS per spectator
     * what connecting them added (before any move); received per second counts the window plus
     * the latest delivery's lateness.
     */
    record Row(Axis axis, int spectatorsPerGame, int games, int spectators, double movesPerGamePerMinute,
               double movesPerSecond, double deliveriesPerSecondOffered, double deliveriesPerSecondReceived,
               long deliveriesExpected, long deliveriesReceived, double windowSeconds,
               double relayCpuShare, double relayWaitingShare, double relayCpuMicrosPerDelivery,
               double relayCpuMicrosPerMove, double relayRssMb, double relayRssKbPerSpectator,
               double p50Ms, double p99Ms, double maxMs) {}

    /** Where along {@code axis} the {@code metric} reaches its threshold; {@code at} null when not in sight. */
    record Limit(Axis axis, Metric metric, Double at, double middle, Estimate estimate) {
        double timesMiddle() { return at == null ? Double.POSITIVE_INFINITY : at / middle; }

        String sentence() {
            if (estimate == Estimate.NOT_UNDER_LOAD) return String.format(Locale.ROOT,
                    "%s: %s: not at any point where the relay was loaded (a p99 over 10 ms at a nearly idle relay is the"
                            + " floor of its thread wake-ups, not a limit)", axis.label, metric.label);
            if (at == null) return String.format(Locale.ROOT, "%s: %s: not in sight (it does not grow along this axis here)",
                    axis.label, metric.label);
            String how = switch (estimate) {
                case EXTRAPOLATED -> "a linear extrapolation from the three points";
                case WITHIN_RANGE -> "where the line through the three points crosses it, inside the measured sizes";
                case AT_OR_BELOW_SMALLEST -> "the line through the three points is over it at the smallest size measured";
                case MEASURED -> "measured there, with the relay loaded";
                case NOT_IN_SIGHT, NOT_UNDER_LOAD -> "";
            };
            return String.format(Locale.ROOT, "%s: %s at about %s (%.1fx the middle size %s; %s)", axis.label, metric.label,
                    size(at), timesMiddle(), size(middle), how);
        }
    }

    /** What growth.json holds. */
    record Result(double scale, boolean pinned, List<Row> rows, List<Limit> limits, String firstLimit) {}

    /**
     * Where {@code metric} reaches its threshold along {@code axis}: on the least-squares line
     * through that axis's rows, so one noisy point moves the estimate but does not decide it.
     */
    static Limit limit(Axis axis, Metric metric, List<Row> rows) {
        List<Row> on = rows.stream().filter(r -> r.axis() == axis).sorted(Comparator.comparingDouble(axis::size)).toList();
        if (on.isEmpty()) throw new IllegalArgumentException("no rows on axis " + axis);
        double middle = axis.size(on.get(on.size() / 2));
        if (metric == Metric.P99) {
            return on.stream().filter(r -> r.relayCpuShare() >= LOADED && r.p99Ms() > metric.threshold).findFirst()
                    .map(r -> new Limit(axis, metric, axis.size(r), middle, Estimate.MEASURED))
                    .orElse(new Limit(axis, metric, null, middle, Estimate.NOT_UNDER_LOAD));
        }
        double smallest = axis.size(on.get(0)), largest = axis.size(on.get(on.size() - 1));
        double mx = on.stream().mapToDouble(axis::size).average().orElseThrow();
        double my = on.stream().mapToDouble(metric::value).average().orElseThrow();
        double sxy = 0, sxx = 0;
        for (Row r : on) {
            sxy += (axis.size(r) - mx) * (metric.value(r) - my);
            sxx += (axis.size(r) - mx) * (axis.size(r) - mx);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        if (!(slope > 0)) {
            return my >= metric.threshold ? new Limit(axis, metric, smallest, middle, Estimate.AT_OR_BELOW_SMALLEST)
                    : new Limit(axis, metric, null, middle, Estimate.NOT_IN_SIGHT);
        }
        double at = mx + (metric.threshold - my) / slope;
        if (at <= smallest) return new Limit(axis, metric, smallest, middle, Estimate.AT_OR_BELOW_SMALLEST);
        return new Limit(axis, metric, at, middle, at <= largest ? Estimate.WITHIN_RANGE : Estimate.EXTRAPOLATED);
    }

    /** Both limits on every axis that has rows. */
    static List<Limit> limits(List<Row> rows) {
        List<Limit> out = new ArrayList<>();
        for (Axis a : Axis.values()) {
            if (rows.stream().noneMatch(r -> r.axis() == a)) continue;
            for (Metric m : Metric.values()) out.add(limit(a, m, rows));
        }
        return out;
    }

    /** The limit reached soonest, measured as a multiple of its axis's middle size. */
    static Optional<Limit> first(List<Limit> limits) {
        return limits.stream().filter(l -> l.at() != null).min(Comparator.comparingDouble(Limit::timesMiddle));
    }

    static String firstSentence(List<Limit> limits) {
        return first(limits).map(l -> "First limit: " + l.sentence())
                .orElse("First limit: none in sight along any axis (no metric grows with its axis in these points)");
    }

    /** The rows as a markdown table. */
    static List<String> table(List<Row> rows) {
        List<String> out = new ArrayList<>();
        out.add("| axis | spectators/game | games | spectators | moves/game/min | moves/s | deliveries/s offered"
                + " | deliveries/s received | received/expected | relay CPU % of core | relay waiting % | CPU µs/delivery"
                + " | CPU µs/move | relay RSS MB | RSS KB/spectator | p50 ms | p99 ms | max ms |");
        out.add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Row r : rows) {
            out.add(String.format(Locale.ROOT, "| %s | %d | %d | %,d | %s | %.2f | %s | %s | %.3f | %.1f | %.1f | %s | %s"
                            + " | %.0f | %.2f | %.2f | %.2f | %.2f |",
                    r.axis().name().toLowerCase(Locale.ROOT), r.spectatorsPerGame(), r.games(), r.spectators(),
                    size(r.movesPerGamePerMinute()), r.movesPerSecond(), size(r.deliveriesPerSecondOffered()),
                    size(r.deliveriesPerSecondReceived()),
                    r.deliveriesExpected() == 0 ? 0.0 : (double) r.deliveriesReceived() / r.deliveriesExpected(),
                    r.relayCpuShare() * 100, r.relayWaitingShare() * 100, size(r.relayCpuMicrosPerDelivery()),
                    size(r.relayCpuMicrosPerMove()), r.relayRssMb(), r.relayRssKbPerSpectator(), r.p50Ms(), r.p99Ms(), r.maxMs()));
        }
        return out;
    }

    static Result result(double scale, boolean pinned, List<Row> rows) {
        List<Limit> limits = limits(rows);
        return new Result(scale, pinned, rows, limits, firstSentence(limits));
    }

    static void save(Path file, Result result) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), result);
    }

    static Result load(Path file) throws IOException {
        return new ObjectMapper().readValue(file.toFile(), Result.class);
    }

    /** Sizes read best without needless decimals: 150, 2, 0.5, 1,900. */
    static String size(double x) {
        if (x == 0 || !Double.isFinite(x)) return String.valueOf(x == 0 ? 0 : x);
        if (x >= 100) return String.format(Locale.ROOT, "%,.0f", x);
        return new BigDecimal(x).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
