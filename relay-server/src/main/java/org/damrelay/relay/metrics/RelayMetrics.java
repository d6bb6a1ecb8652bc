package org.damrelay.relay.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The relay's meters, exposed at /metrics in the Prometheus format: every meter with its HELP
 * text, times in seconds, latencies as histograms (buckets a dashboard can aggregate across
 * relays), and every labelled series that is known in advance registered at start, so a rate
 * or an alert rule sees 0 rather than no series until the first event.
 */
public final class RelayMetrics {

    /** The WebSocket endpoints and plain HTTP: the {@code kind} label of the connection meters. */
    public static final List<String> CONNECTION_KINDS = List.of("driver", "spectator", "arbiter", "notation", "http");
    /** Why a connection closed on an error of its own: the {@code reason} label. */
    public static final List<String> REFUSAL_REASONS = List.of("total", "address");
    public static final List<String> ERROR_REASONS = List.of("protocol", "unexpected");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, AtomicInteger> connections = new ConcurrentHashMap<>();
    private final AtomicInteger subscriptions = new AtomicInteger();
    private final Counter delivered;
    private final Counter dropped;
    private final Timer fanout;
    private final Timer deliveryLatency;
    private final Timer ingestWritten;
    private final Timer fsync;
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Map<String, AtomicLong> ingestLagNanos = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> boardConnected = new ConcurrentHashMap<>();

    /** A relay with a journal (a single relay or an origin). */
    public RelayMetrics() {
        this(true);
    }

    /**
     * @param journal false for an edge relay, which has none: no always-empty fsync histogram.
     *                Every relay exports the JVM's and the process's own meters (Micrometer's binders).
     */
    public RelayMetrics(boolean journal) {
        // two of the binders' names break Prometheus's naming rules (promtool check metrics): a
        // CPU time in ns beside process_cpu_usage, and a gauge ending in _count
        registry.config().meterFilter(MeterFilter.deny(id -> id.getName().equals("process.cpu.time")));
        registry.config().meterFilter(new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                return id.getName().equals("system.cpu.count") ? id.withName("system.cpu.processors") : id;
            }
        });
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        gc.bindTo(registry);
        Gauge.builder("damrelay.subscriptions", subscriptions, AtomicInteger::get)
                .description("spectator subscriptions (game, round or event scopes) held now").register(registry);
        delivered = Counter.builder("damrelay.messages.delivered").description("frames written to spectators").register(registry);
        dropped = Counter.builder("damrelay.messages.dropped")
                .description("frames not written: a slow consumer was skipped ahead to a snapshot").register(registry);
        fanout = latency("damrelay.fanout.duration", "time to hand one released update to every subscriber's event loop");
        deliveryLatency = latency("damrelay.delivery.latency", "release to write on the spectator's socket, per update and event loop");
        fsync = journal ? latency("damrelay.journal.fsync", "one journal group commit: write and fsync") : null;
        ingestWritten = journal ? latency("damrelay.ingest.written",
                "a driver's event from its read on the ingest socket to written in the journal, when it is shown (arbiter now, spectators after the delay)") : null;
        for (String reason : REFUSAL_REASONS) refusals(reason);
        for (String kind : CONNECTION_KINDS) {
            connections.put(kind, registerConnections(kind));
            gone(kind);
            for (String reason : ERROR_REASONS) errors(kind, reason);
        }
    }

    /** A histogram in seconds, with buckets from 100 µs to 10 s. */
    private Timer latency(String name, String help) {
        return Timer.builder(name).description(help).publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(100_000)).maximumExpectedValue(Duration.ofSeconds(10)).register(registry);
    }

    private AtomicInteger registerConnections(String kind) {
        AtomicInteger n = new AtomicInteger();
        Gauge.builder("damrelay.connections", n, AtomicInteger::get).description("open connections by kind")
                .tag("kind", kind).register(registry);
        return n;
    }

    private Counter refusals(String reason) {
        return Counter.builder("damrelay.connections.refused")
                .description("connections closed at accept: over edge.maxConnections in total, or over limits.connectionsPerIp")
                .tag("reason", reason).register(registry);
    }

    /** A credential refused on {@code endpoint} (/ingest, /arbiter, /notate, POST /api/arbiter, /cluster/). */
    public void authFailed(String endpoint) {
        Counter.builder("damrelay.auth.failures").description("credentials refused (tokens, notation credentials, cluster.token), by endpoint")
                .tag("endpoint", endpoint).register(registry).increment();
    }

    /** A connection closed at accept: {@code total} (the relay's cap) or {@code address} (its address's). */
    public void connectionRefused(String reason) {
        refusals(reason).increment();
    }

    private Counter gone(String kind) {
        return Counter.builder("damrelay.connections.gone").description("connections closed because the peer reset or broke the pipe")
                .tag("kind", kind).register(registry);
    }

    private Counter errors(String kind, String reason) {
        return Counter.builder("damrelay.connections.errors")
                .description("connections closed on an error of their own: a protocol break or something unexpected")
                .tag("kind", kind).tag("reason", reason).register(registry);
    }

    public void connectionOpened(String kind) {
        connections.computeIfAbsent(kind, this::registerConnections).incrementAndGet();
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
    /** Receipt on the ingest socket to written: the relay's part before the release (the core's queue, rules, record, journal write). */
    public void ingestWrittenNanos(long nanos) { if (ingestWritten != null) ingestWritten.record(nanos, TimeUnit.NANOSECONDS); }
    public void deliveryLatencyMillis(long ms) { deliveryLatency.record(Math.max(0, ms), TimeUnit.MILLISECONDS); }
    public void fsyncNanos(long nanos) {
        if (fsync != null) fsync.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A peer went away (reset, broken pipe): routine, closed quietly. */
    public void peerGone(String kind) {
        gone(kind).increment();
    }

    /** A connection closed on an error of its own: the peer broke the protocol, or something unexpected. */
    public void peerError(String kind, String reason) {
        errors(kind, reason).increment();
    }

    public double peersGone(String kind) {
        Counter c = registry.find("damrelay.connections.gone").tag("kind", kind).counter();
        return c == null ? 0 : c.count();
    }

    /** Registers the alert counter of each type at start, so every type reads 0 until raised. */
    public void alertTypes(Iterable<String> types) {
        for (String t : types) alertCounter(t);
    }

    private Counter alertCounter(String type) {
        return Counter.builder("damrelay.alerts").description("alerts raised to the arbiter, by type (arbiter-events.md)")
                .tag("type", type).register(registry);
    }

    public void alert(String type) {
        alertCounter(type).increment();
    }

    /** Receive-to-durable time of a board's latest event. */
    public void ingestLag(String board, long nanos) {
        ingestLagNanos.computeIfAbsent(board, b -> {
            AtomicLong v = new AtomicLong();
            Gauge.builder("damrelay.ingest.lag", v, x -> x.get() / 1e9).baseUnit("seconds")
                    .description("receive-to-durable time of the board's latest event").tag("board", b).register(registry);
            return v;
        }).set(nanos);
    }

    /**
     * Whether a game's board is connected (1) or not (0), as its driver last said: registered at 0
     * for every configured game, 1 from its first event or a reconnection, 0 after a disconnection.
     */
    public void boardConnected(String gameId, boolean connected) {
        boardConnected.computeIfAbsent(gameId, g -> {
            AtomicInteger v = new AtomicInteger();
            Gauge.builder("damrelay.board.connected", v, AtomicInteger::get)
                    .description("1 while the game's board is connected to its driver, 0 before its first event and after a disconnection")
                    .tag("game", g).register(registry);
            return v;
        }).set(connected ? 1 : 0);
    }

    public String scrape() {
        return registry.scrape();
    }

    /** Where more meters register (the cluster's: relay.cluster.ClusterMetrics). */
    public MeterRegistry registry() {
        return registry;
    }

    /** Stops the GC listener (the relay is closing). */
    public void close() {
        gc.close();
    }
}
