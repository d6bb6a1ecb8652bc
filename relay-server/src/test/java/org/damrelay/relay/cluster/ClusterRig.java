package org.damrelay.relay.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.it.TestRelay;

/** A real redis-server on a free loopback port, an origin and edges, all on this machine; the tests' event "nk". */
final class ClusterRig implements AutoCloseable {

    /** The cluster's credential in the tests. */
    static final String TOKEN = "test-cluster-token-0123";

    final Path dir;
    final int delayRound2;
    final LocalRedis redis;
    RelayServer origin;
    final List<RelayServer> edges = new ArrayList<>();
    /** Per-address connection limit of every relay (the tests' usual 200 unless a test needs it low). */
    int connectionsPerIp = 200;
    /** How the relays reach Redis: this redis-server, unless a test names Sentinels instead. */
    String redisUri;

    private ClusterRig(Path dir, int delayRound2, LocalRedis redis) {
        this.dir = dir;
        this.delayRound2 = delayRound2;
        this.redis = redis;
    }

    static ClusterRig start(Path dir, int delayRound2, int edgeCount) throws Exception {
        return start(dir, delayRound2, edgeCount, 200);
    }

    static ClusterRig start(Path dir, int delayRound2, int edgeCount, int connectionsPerIp) throws Exception {
        ClusterRig rig = redisOnly(dir, delayRound2);
        rig.connectionsPerIp = connectionsPerIp;
        return rig.withOriginAndEdges(edgeCount);
    }

    /** The origin in this JVM and {@code edgeCount} edges; on a failed start nothing is left running. */
    private ClusterRig withOriginAndEdges(int edgeCount) throws Exception {
        try {
            origin = RelayServer.start(originConfig());
            startEdges(origin.port(), edgeCount);
        } catch (Exception | Error e) {
            close();
            throw e;
        }
        return this;
    }

    /** Redis alone: the test runs the origin itself (another JVM, to kill it). */
    static ClusterRig redisOnly(Path dir, int delayRound2) throws Exception {
        return new ClusterRig(dir, delayRound2, LocalRedis.start(dir.resolve("redis")));
    }

    void startEdges(int originPort, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            RelayServer edge = RelayServer.start(edgeConfig(edges.size(), originPort, 0));
            edges.add(edge);
            // an edge serves spectators once it has the origin's state (503 before)
            if (!edge.awaitState(60_000)) throw new IllegalStateException("edge " + i + " took no state from the origin in 60 s");
        }
    }

    /**
     * The same file for every role, as an operator would keep it; only the cluster section differs.
     * nginx (LocalNginx) connects from 127.0.0.1: trusted as the proxy, as docs/scaling.md says;
     * the tests' clients come from other loopback addresses (127.0.0.2, ...).
     */
    String yaml(Path data, String cluster) {
        return TestRelay.yaml(data, delayRound2).replace("connectionsPerIp: 200", "connectionsPerIp: " + connectionsPerIp)
                + "edge: {trustedProxies: [127.0.0.1]}\n"
                // the viewer's own files (web-viewer is not on relay-server's classpath)
                + "viewerDir: " + Path.of("..", "web-viewer", "src", "main", "resources", "damrelay", "viewer").toAbsolutePath().normalize() + "\n"
                + cluster;
    }

    String originYaml() {
        return yaml(dir.resolve("origin"), "cluster: {role: origin, token: " + TOKEN + ", redis: {uri: \"" + redisUri() + "\"}}\n");
    }

    RelayConfig originConfig() {
        return ConfigLoader.parse(originYaml(), null);
    }

    /** Edge {@code i}'s config file text: its own data folder, the origin's address and Redis. */
    String edgeYaml(int i, int originPort) {
        return yaml(dir.resolve("edge" + i), "cluster: {role: edge, token: " + TOKEN + ", origin: \"http://127.0.0.1:" + originPort
                + "\", redis: {uri: \"" + redisUri() + "\"}}\n");
    }

    RelayConfig edgeConfig(int i, int originPort, int port) {
        return ConfigLoader.parse(edgeYaml(i, originPort), null).withPort(port);
    }

    RelayServer edge(int i) { return edges.get(i); }

    String redisUri() { return redisUri != null ? redisUri : redis.uri(); }

    /** The origin (in this JVM) and {@code edgeCount} edges, reaching Redis through {@code uri} (Sentinels). */
    static ClusterRig start(Path dir, LocalRedis redis, String uri, int edgeCount) throws Exception {
        ClusterRig rig = new ClusterRig(dir, 0, redis);
        rig.redisUri = uri;
        return rig.withOriginAndEdges(edgeCount);
    }

    @Override
    public void close() {
        for (RelayServer e : edges) e.close();
        if (origin != null) origin.close();
        redis.close();
    }
}
