package org.damrelay.relay.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The relay's meters, exposed at /metrics in the Prometheus format. */
public final class RelayMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, AtomicInteger> connections = new ConcurrentHashMap<>();
    private final AtomicInteger subscriptions = new AtomicInteger();
    private final Counter delivered;
    private final Counter dropped;
    private final Timer fanout;
    private final Timer deliveryLatency;
    private final Timer fsync;
    private final Map<String, AtomicLong> ingestLag = new ConcurrentHashMap<>();

    public RelayMetrics() {
        Gauge.builder("damrelay.subscriptions", subscriptions, AtomicInteger::get).register(registry);
        delivered = Counter.builder("damrelay.messages.delivered").description("frames written to spectators").register(registry);
        dropped = Counter.builder("damrelay.messages.dropped").description("frames not written: slow consumer skipped to a snapshot").register(registry);
        fanout = Timer.builder("damrelay.fanout.duration").description("one update handed to every subscriber").register(registry);
        deliveryLatency = Timer.builder("damrelay.delivery.latency").description("release to write, per update").publishPercentiles(0.5, 0.99).register(registry);
        fsync = Timer.builder("damrelay.journal.fsync").register(registry);
    }

    public void connectionOpened(String kind) {
        connections.computeIfAbsent(kind, k -> {
            AtomicInteger n = new AtomicInteger();
            Gauge.builder("damrelay.connections", n, AtomicInteger::get).tag("kind", k).register(registry);
            return n;
        }).incrementAndGet();
    }

    public void connectionClosed(String kind) {
        AtomicInteger n = connections.get(kind);
        if (n != null) n.decrementAndGet();
    }

    public int connections(String kind) {
        AtomicInteger n = connections.get(kind);
        return n == null ? 0 : n.get();
    }

    public void subscriptions(int delta) { subscriptions.addAndGet(delta); }
    public void delivered(int n) { delivered.increment(n); }
    public void dropped(int n) { dropped.increment(n); }
    public void fanoutNanos(long nanos) { fanout.record(nanos, TimeUnit.NANOSECONDS); }
    public void deliveryLatencyMillis(long ms) { deliveryLatency.record(Math.max(0, ms), TimeUnit.MILLISECONDS); }
    public void fsyncNanos(long nanos) { fsync.record(nanos, TimeUnit.NANOSECONDS); }

    /** A peer went away (reset, broken pipe): routine, closed quietly. */
    public void peerGone(String kind) {
        Counter.builder("damrelay.connections.gone").description("connections closed because the peer reset or broke the pipe")
                .tag("kind", kind).register(registry).increment();
    }

    /** A connection closed on an error of its own: the peer broke the protocol, or something unexpected. */
    public void peerError(String kind, String reason) {
        Counter.builder("damrelay.connections.errors").tag("kind", kind).tag("reason", reason).register(registry).increment();
    }

    public double peersGone(String kind) {
        Counter c = registry.find("damrelay.connections.gone").tag("kind", kind).counter();
        return c == null ? 0 : c.count();
    }

    public void alert(String type) {
        Counter.builder("damrelay.alerts").tag("type", type).register(registry).increment();
    }

    /** Receive-to-durable time of a board's latest event. */
    public void ingestLag(String board, long millis) {
        ingestLag.computeIfAbsent(board, b -> {
            AtomicLong v = new AtomicLong();
            Gauge.builder("damrelay.ingest.lag.ms", v, AtomicLong::get).tag("board", b).register(registry);
            return v;
        }).set(millis);
    }

    public String scrape() {
        return registry.scrape();
    }
}
