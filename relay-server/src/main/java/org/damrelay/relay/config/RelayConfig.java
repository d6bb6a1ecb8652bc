package org.damrelay.relay.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.nio.file.Path;
import java.util.List;

/**
 * The whole relay configuration. Every field has an embedded default
 * ({@code damrelay/relay-defaults.yaml}); a config file only says what differs.
 *
 * @param snapshotEveryRecords journal records between two snapshots (0 = never)
 * @param cluster single process, or this relay's part in a cluster (origin or edge)
 * @param baseDir the directory relative paths (data, pairings, PEM files) are resolved against
 * @param eventLoops the network threads: 0 = Netty's default, the core on a thread of its own; 1 = a single
 *                   event loop that also runs the core (a move reaches the sockets without a hand-off
 *                   between threads); N > 1 = N loops, the core apart. The default stays apart even on one
 *                   processor: measured side by side there (docs/benchmarks.md, round 5), the single loop
 *                   had a lower p99 up to 19,000 deliveries/s but a 1.5-5x higher one from 28,500/s on,
 *                   where a move's check waits behind a burst of writes
 * @param engine the evaluation engine for spectators (docs/engine.md); its path empty = none
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record RelayConfig(Listen listen, String dataDir, String viewerDir, Tls tls, Limits limits, Edge edge,
                          List<EventConfig> events, long snapshotEveryRecords, ClusterConfig cluster, String baseDir,
                          int eventLoops, EngineConfig engine) {

    @JsonCreator
    public RelayConfig {
        if (eventLoops < 0) throw new IllegalArgumentException("eventLoops must be 0 (automatic) or more, not " + eventLoops);
        if (engine == null) engine = EngineConfig.OFF;
    }

    /** Whether the core runs on the one event loop ({@link #eventLoops} 1). */
    public boolean coreOnEventLoop() {
        return eventLoops == 1;
    }

    public record Listen(String host, int port) {}

    /** PEM files; both empty = plain HTTP (TLS terminated by a proxy, see docs/protocol.md). */
    public record Tls(String certChainPem, String privateKeyPem) {
        public boolean enabled() {
            return certChainPem != null && !certChainPem.isBlank();
        }
    }

    /** @param socketSendBufferBytes SO_SNDBUF per connection, 0 = the OS default (smaller = less memory per spectator) */
    public record Limits(int maxFrameBytes, int spectatorMessagesPerSecond, int maxSubscriptionsPerConnection,
                         int connectionsPerIp, int idleTimeoutSeconds, List<String> allowedOrigins,
                         int writeBufferLowBytes, int writeBufferHighBytes, long slowConsumerCutMillis,
                         long helloTimeoutMillis, int maxCatchUpUpdates, int socketSendBufferBytes) {}

    /**
     * The relay's edge towards untrusted peers.
     *
     * @param requestReadTimeoutMillis a plain HTTP request, or a WebSocket handshake, must arrive whole within this
     * @param authFailuresPerMinute    failed token checks per client address per minute before its attempts are refused unchecked
     * @param trustedProxies           addresses of reverse proxies whose X-Forwarded-For names the client (limits count that address)
     * @param trustedRelays            other relays (ws://, wss://, http:// or https:// host[:port]) to which the pages this
     *                                 relay serves may send an arbiter token or notation credential; its own origin always
     * @param frameAncestors           sites that may show this relay's pages in a frame (CSP frame-ancestors); empty = none
     * @param maxConnections           open connections in total (every kind, every address); more are closed at accept
     */
    public record Edge(long requestReadTimeoutMillis, int authFailuresPerMinute, List<String> trustedProxies,
                       List<String> trustedRelays, List<String> frameAncestors, int maxConnections) {
        @JsonCreator
        public Edge {
            trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
            trustedRelays = trustedRelays == null ? List.of() : List.copyOf(trustedRelays);
            frameAncestors = frameAncestors == null ? List.of() : List.copyOf(frameAncestors);
            if (maxConnections <= 0) throw new IllegalArgumentException("edge.maxConnections must be above 0");
        }

        /** With the default total connection cap. */
        public Edge(long requestReadTimeoutMillis, int authFailuresPerMinute, List<String> trustedProxies,
                    List<String> trustedRelays, List<String> frameAncestors) {
            this(requestReadTimeoutMillis, authFailuresPerMinute, trustedProxies, trustedRelays, frameAncestors, DEFAULT_MAX_CONNECTIONS);
        }
    }

    /** The embedded default of {@code edge.maxConnections}: far above a hall's needs and the benchmarks' 20,000 spectators. */
    public static final int DEFAULT_MAX_CONNECTIONS = 50_000;

    public Path resolve(String path) {
        Path p = Path.of(path);
        return p.isAbsolute() || baseDir == null ? p : Path.of(baseDir).resolve(p);
    }

    public Path dataPath() {
        return resolve(dataDir);
    }

    public EventConfig event(String id) {
        for (EventConfig e : events) if (e.id().equals(id)) return e;
        return null;
    }

    public RelayConfig withPort(int port) {
        return new RelayConfig(new Listen(listen.host(), port), dataDir, viewerDir, tls, limits, edge, events, snapshotEveryRecords, cluster, baseDir, eventLoops, engine);
    }

    public RelayConfig withDataDir(String dir) {
        return new RelayConfig(listen, dir, viewerDir, tls, limits, edge, events, snapshotEveryRecords, cluster, baseDir, eventLoops, engine);
    }

    public RelayConfig withEvents(List<EventConfig> list) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, edge, List.copyOf(list), snapshotEveryRecords, cluster, baseDir, eventLoops, engine);
    }

    public RelayConfig withSnapshotEveryRecords(long n) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, edge, events, n, cluster, baseDir, eventLoops, engine);
    }

    public RelayConfig withEdge(Edge e) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, e, events, snapshotEveryRecords, cluster, baseDir, eventLoops, engine);
    }

    public RelayConfig withCluster(ClusterConfig c) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, edge, events, snapshotEveryRecords, c, baseDir, eventLoops, engine);
    }

    public RelayConfig withEventLoops(int n) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, edge, events, snapshotEveryRecords, cluster, baseDir, n, engine);
    }

    public RelayConfig withEngine(EngineConfig e) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, limits, edge, events, snapshotEveryRecords, cluster, baseDir, eventLoops, e);
    }

    public RelayConfig withLimits(Limits l) {
        return new RelayConfig(listen, dataDir, viewerDir, tls, l, edge, events, snapshotEveryRecords, cluster, baseDir, eventLoops, engine);
    }
}
