package org.damrelay.app.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.emulator.speaker.PtyPair;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.cluster.LocalRedis;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.Tokens;

/**
 * The whole system in one process: a relay, emulated boards playing corpus games over serial
 * lines (socat pseudo-terminals, or in-process lines), and the real driver reading them,
 * reconstructing the moves and feeding the relay. {@link #close()} stops it all, boards first.
 */
public final class Demo implements AutoCloseable {

    public static final String EVENT = "demo", DRIVER = "hall";

    /**
     * @param ptys socat pseudo-terminals (true) or in-process lines (false)
     * @param edges 0: one relay; more: the relay is an origin, with a local redis-server and this many edge relays
     */
    public record Settings(int port, int boards, double speed, boolean ptys, Path corpus, Path workDir, long seed, int edges) {
        public Settings(int port, int boards, double speed, boolean ptys, Path corpus, Path workDir, long seed) {
            this(port, boards, speed, ptys, corpus, workDir, seed, 0);
        }
    }

    private final RelayServer relay;
    private final Cluster cluster;
    private final EmulatedHall hall;
    private final String arbiterToken;
    private final List<DemoGames.Board> boards;

    private Demo(RelayServer relay, Cluster cluster, EmulatedHall hall, String arbiterToken, List<DemoGames.Board> boards) {
        this.relay = relay;
        this.cluster = cluster;
        this.hall = hall;
        this.arbiterToken = arbiterToken;
        this.boards = boards;
    }

    /** Redis and the edge relays of {@code --edges}; none for the single relay. */
    private record Cluster(LocalRedis redis, List<RelayServer> edges) implements AutoCloseable {
        static final Cluster NONE = new Cluster(null, List.of());

        /** Edges on free ports, with the origin's config but for their role. */
        static Cluster start(String config, LocalRedis redis, int originPort, int count) throws Exception {
            List<RelayServer> edges = new ArrayList<>();
            Cluster c = new Cluster(redis, edges);
            try {
                for (int i = 0; i < count; i++) {
                    String edge = config + "cluster: {role: edge, origin: \"http://127.0.0.1:" + originPort
                            + "\", redis: {uri: \"" + redis.uri() + "\"}}\n";
                    edges.add(RelayServer.start(ConfigLoader.parse(edge, null).withPort(0)));
                }
            } catch (Exception e) {
                c.close();
                throw e;
            }
            return c;
        }

        @Override
        public void close() {
            for (RelayServer e : edges) e.close();
            if (redis != null) redis.close();
        }
    }

    public static boolean socatAvailable() {
        return Files.isExecutable(Path.of(PtyPair.SOCAT));
    }

    public static Demo start(Settings s) throws Exception {
        List<PdnGame> games = DemoGames.pick(s.corpus(), s.boards());
        List<DemoGames.Board> boards = DemoGames.boards(games, s.seed());
        String driverToken = token(), arbiterToken = token();
        String config = relayConfig(s, boards, driverToken, arbiterToken);
        // with edges: redis-server first (a clear message naming the package when it is missing), then the origin
        LocalRedis redis = s.edges() > 0 ? LocalRedis.start(s.workDir().resolve("redis")) : null;
        RelayServer relay;
        try {
            relay = RelayServer.start(ConfigLoader.parse(redis == null ? config
                    : config + "cluster: {role: origin, redis: {uri: \"" + redis.uri() + "\"}}\n", null));
        } catch (Exception e) {
            if (redis != null) redis.close();
            throw e;
        }
        Cluster cluster = Cluster.NONE;
        try {
            if (redis != null) cluster = Cluster.start(config, redis, relay.port(), s.edges());
            EmulatedHall hall = EmulatedHall.start(boards, s.ptys(), s.speed(), s.seed(), s.workDir(), new EmulatedHall.Uplink(
                    URI.create("ws://127.0.0.1:" + relay.port() + "/ingest"), driverToken, EVENT, DRIVER, Demo::boardId));
            return new Demo(relay, cluster, hall, arbiterToken, boards);
        } catch (Exception e) {
            relay.close();
            cluster.close();
            if (redis != null) redis.close();
            throw e;
        }
    }

    static String boardId(int number) {
        return "demo-" + number;
    }

    private static String token() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static String relayConfig(Settings s, List<DemoGames.Board> boards, String driverToken, String arbiterToken) {
        StringBuilder c = new StringBuilder();
        c.append("listen: {host: 0.0.0.0, port: ").append(s.port()).append("}\n");
        c.append("dataDir: ").append(s.workDir().resolve("relay-data").toAbsolutePath()).append('\n');
        c.append("events:\n  - id: ").append(EVENT).append("\n    name: \"Demo: national team competition\"\n");
        c.append("    driverTokens: [{name: hall, sha256: ").append(Tokens.sha256Hex(driverToken)).append("}]\n");
        c.append("    arbiterTokens: [{name: arbiter, sha256: ").append(Tokens.sha256Hex(arbiterToken)).append("}]\n");
        c.append("    rounds: [{number: 1, delaySeconds: 0}]\n    boards:\n");
        for (DemoGames.Board b : boards) {
            c.append("      - {round: 1, board: ").append(b.number())
                    .append(", white: {name: ").append(quoted(name(b.game(), "White", b.number())))
                    .append("}, black: {name: ").append(quoted(name(b.game(), "Black", b.number())))
                    .append("}, match: \"Team A - Team B\", timeControl: \"80m+1m/move\", driver: ").append(DRIVER)
                    .append(", sourceBoard: \"").append(boardId(b.number())).append("\"}\n");
        }
        return c.toString();
    }

    private static String name(PdnGame g, String tag, int board) {
        String n = g.tag(tag);
        return n == null || n.isBlank() || n.equals("?") ? tag + " " + board : n;
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public int port() { return relay.port(); }

    /** The edge relays' ports (spectators' addresses); empty for the single relay. */
    public List<Integer> edgePorts() {
        return cluster.edges().stream().map(RelayServer::port).toList();
    }

    public String arbiterToken() { return arbiterToken; }

    public List<String> gameIds() {
        return boards.stream().map(b -> EVENT + "-r1-b" + b.number()).toList();
    }

    /** The game with the scripted irregularity. */
    public String irregularGameId() {
        return boards.stream().filter(DemoGames.Board::irregular).map(b -> EVENT + "-r1-b" + b.number()).findFirst().orElseThrow();
    }

    public void awaitRelayClosed() throws InterruptedException {
        relay.awaitClose();
    }

    @Override
    public void close() throws IOException {
        try {
            hall.close();
        } finally {
            cluster.close();
            relay.close();
        }
    }
}
