package org.damrelay.relay.cluster;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;

/**
 * The cluster's meters, beside the relay's at /metrics: on an origin its appends to Redis and
 * the stream's length, on an edge how far behind its feed runs, how it is fed (the state is a
 * gauge per value: 1 for the current one) and how often it resynchronised. Each relay exports
 * only its role's meters.
 */
public final class ClusterMetrics {

    private final MeterRegistry registry;
    private Counter appended, appendFailures, resyncs;
    private final AtomicLong streamLength = new AtomicLong();
    private Timer lag;
    private final AtomicReference<EdgeFeed.State> state = new AtomicReference<>(EdgeFeed.State.CONNECTING);

    private ClusterMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public static ClusterMetrics origin(MeterRegistry registry) {
        ClusterMetrics m = new ClusterMetrics(registry);
        m.appended = Counter.builder("damrelay.cluster.redis.appends").description("released updates appended to the Redis stream").register(registry);
        m.appendFailures = Counter.builder("damrelay.cluster.redis.append.failures")
                .description("appends to the Redis stream that failed (edges follow the origin directly meanwhile)").register(registry);
        gauge(registry, "damrelay.cluster.stream.length", "entries in the Redis stream, read every 5 s", m.streamLength, AtomicLong::get);
        return m;
    }

    public static ClusterMetrics edge(MeterRegistry registry) {
        ClusterMetrics m = new ClusterMetrics(registry);
        m.resyncs = Counter.builder("damrelay.cluster.resyncs").description("times this edge took the origin's state (start, after any fault)").register(registry);
        m.lag = Timer.builder("damrelay.cluster.feed.lag").description("from the origin's append to Redis to this edge applying the entry")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(30)).register(registry);
        for (EdgeFeed.State s : EdgeFeed.State.values()) {
            gauge(registry, "damrelay.cluster.feed.state", "how this edge is fed now: 1 for the current state "
                    + "(following_origin: Redis lost, the origin's entries read directly)", m.state, r -> r.get() == s ? 1 : 0, "state", s.lower());
        }
        return m;
    }

    private static <T> void gauge(MeterRegistry r, String name, String help, T obj, ToDoubleFunction<T> f, String... tags) {
        Gauge.builder(name, obj, f).description(help).tags(tags).strongReference(true).register(r);
    }

    void appended() { appended.increment(); }
    void appendFailed() { appendFailures.increment(); }
    void streamLength(long n) { streamLength.set(n); }
    void resynced() { resyncs.increment(); }
    void lagMillis(long ms) { lag.record(Math.max(0, ms), TimeUnit.MILLISECONDS); }
    void state(EdgeFeed.State s) { state.set(s); }
}
