package org.damrelay.app.demo;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.time.LocalDate;
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

    /** The demo cluster's credential between origin and edges: new each run, never written anywhere. */
    private static final String CLUSTER_TOKEN = java.util.UUID.randomUUID().toString();


    public static final String EVENT = "demo", DRIVER = "hall";
    /** The match's teams: the home team has white on the odd boards, as in a team competition's pairing. */
    public static final String HOME = "Team A", AWAY = "Team B";

    /**
     * @param ptys socat pseudo-terminals (true) or in-process lines (false)
     * @param edges 0: one relay; more: the relay is an origin, with a local redis-server and this many edge relays
     */
    public record Settings(String host, int port, int boards, double speed, boolean ptys, Path corpus, Path workDir, long seed, int edges) {
        /** Loopback: a demo is for this machine unless asked otherwise. */
        public static final String LOOPBACK = "127.0.0.1";

        public Settings(String host, int port, int boards, double speed, boolean ptys, Path corpus, Path workDir, long seed) {
            this(host, port, boards, speed, ptys, corpus, workDir, seed, 0);
        }
    }

    private final RelayServer relay;
    private final Cluster cluster;
    private final EmulatedHall hall;
    private final String arbiterToken;
    private final List<DemoGames.Board> boards;
    private final String host;
    private final DemoNotator notator;

    private Demo(RelayServer relay, Cluster cluster, EmulatedHall hall, String arbiterToken, List<DemoGames.Board> boards, String host,
                 DemoNotator notator) {
        this.relay = relay;
        this.cluster = cluster;
        this.hall = hall;
        this.arbiterToken = arbiterToken;
        this.boards = boards;
        this.host = host;
        this.notator = notator;
    }

    /** Redis and the edge relays of {@code --edges}; none for the single relay. */
    private record Cluster(LocalRedis redis, List<RelayServer> edges) implements AutoCloseable {
        static final Cluster NONE = new Cluster(null, List.of());

        /** Edges on free ports, with the origin's config but for their role. */
        static Cluster start(String config, LocalRedis redis, String origin, int count) throws Exception {
            List<RelayServer> edges = new ArrayList<>();
            Cluster c = new Cluster(redis, edges);
            try {
                for (int i = 0; i < count; i++) {
                    String edge = config + "cluster: {role: edge, token: " + CLUSTER_TOKEN + ", origin: \"" + origin + "\", redis: {uri: \"" + redis.uri() + "\"}}\n";
                    RelayServer e = RelayServer.start(ConfigLoader.parse(edge, null).withPort(0));
                    edges.add(e);
                    e.awaitState(30_000); // spectators are refused (503) until it has the origin's state

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

    /** How an edge on this machine reaches the origin. */
    private static String originAddress(String host, int port) {
        String h = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port;
    }

    public static boolean socatAvailable() {
        return Files.isExecutable(Path.of(PtyPair.SOCAT));
    }

    public static Demo start(Settings s) throws Exception {
        // one game more than sensor boards: the board without sensors, notated on a phone
        List<PdnGame> games = DemoGames.pick(s.corpus(), s.boards() + 1);
        List<DemoGames.Board> boards = DemoGames.boards(games.subList(0, s.boards()), s.seed());
        PdnGame notated = games.get(s.boards());
        String driverToken = token(), arbiterToken = token();
        String config = relayConfig(s, boards, notated, driverToken, arbiterToken);
        // with edges: redis-server first (a clear message naming the package when it is missing), then the origin
        LocalRedis redis = s.edges() > 0 ? LocalRedis.start(s.workDir().resolve("redis")) : null;
        RelayServer relay;
        try {
            relay = RelayServer.start(ConfigLoader.parse(redis == null ? config
                    : config + "cluster: {role: origin, token: " + CLUSTER_TOKEN + ", redis: {uri: \"" + redis.uri() + "\"}}\n", null));
        } catch (Exception e) {
            if (redis != null) redis.close();
            throw e;
        }
        Cluster cluster = Cluster.NONE;
        EmulatedHall hall = null;
        try {
            if (redis != null) cluster = Cluster.start(config, redis, originAddress(s.host(), relay.port()), s.edges());
            hall = EmulatedHall.start(boards, s.ptys(), s.speed(), s.seed(), s.workDir(), new EmulatedHall.Uplink(
                    URI.create("ws://127.0.0.1:" + relay.port() + "/ingest"), driverToken, EVENT, DRIVER, Demo::boardId));
            DemoNotator notator = DemoNotator.start(relay.port(), arbiterToken, gameId(s.boards() + 1), notated,
                    name(notated, "White", s.boards() + 1), name(notated, "Black", s.boards() + 1), s.speed());
            return new Demo(relay, cluster, hall, arbiterToken, boards, s.host(), notator);
        } catch (Exception e) {
            if (hall != null) hall.close();
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

    private static String gameId(int board) {
        return EVENT + "-r1-b" + board;
    }

    private static String relayConfig(Settings s, List<DemoGames.Board> boards, PdnGame notated, String driverToken, String arbiterToken) {
        StringBuilder c = new StringBuilder();
        c.append("listen: {host: ").append(quoted(s.host())).append(", port: ").append(s.port()).append("}\n");
        c.append("dataDir: ").append(s.workDir().resolve("relay-data").toAbsolutePath()).append('\n');
        c.append("events:\n  - id: ").append(EVENT).append("\n    name: \"Demo: national team competition\"\n");
        c.append("    driverTokens: [{name: hall, sha256: ").append(Tokens.sha256Hex(driverToken)).append("}]\n");
        c.append("    arbiterTokens: [{name: arbiter, sha256: ").append(Tokens.sha256Hex(arbiterToken)).append("}]\n");
        // the round's time control (the emulated clocks' 80 minutes plus 60 s a move) reaches every board's driver
        c.append("    rounds: [{number: 1, delaySeconds: 0, timeControl: \"4800+60\", date: \"").append(LocalDate.now()).append("\"}]\n    boards:\n");
        for (DemoGames.Board b : boards) {
            c.append("      - {round: 1, board: ").append(b.number())
                    .append(", white: {name: ").append(quoted(name(b.game(), "White", b.number())))
                    .append(", team: ").append(quoted(team(b.number(), true)))
                    .append("}, black: {name: ").append(quoted(name(b.game(), "Black", b.number())))
                    .append(", team: ").append(quoted(team(b.number(), false)))
                    .append("}, match: \"").append(HOME).append(" - ").append(AWAY)
                    .append("\", driver: ").append(DRIVER)
                    .append(", sourceBoard: \"").append(boardId(b.number())).append("\"}\n");
        }
        int n = boards.size() + 1;
        c.append("      - {round: 1, board: ").append(n).append(", white: {name: ").append(quoted(name(notated, "White", n)))
                .append(", team: ").append(quoted(team(n, true)))
                .append("}, black: {name: ").append(quoted(name(notated, "Black", n)))
                .append(", team: ").append(quoted(team(n, false)))
                .append("}, match: \"").append(HOME).append(" - ").append(AWAY).append("\", timeControl: \"4800+60\"}\n");
        return c.toString();
    }

    static String team(int board, boolean white) {
        return (board % 2 == 1) == white ? HOME : AWAY;
    }

    private static String name(PdnGame g, String tag, int board) {
        String n = g.tag(tag);
        return n == null || n.isBlank() || n.equals("?") ? tag + " " + board : n;
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public int port() { return relay.port(); }

    /** The edge relays' viewer addresses, as {@link #baseUrl()}; empty for the single relay. */
    public List<String> edgeUrls() {
        return cluster.edges().stream().map(e -> url(e.port())).toList();
    }

    /** The address spectators open: the one the relay listens on (localhost's for every interface). */
    public String baseUrl() {
        return url(relay.port());
    }

    private String url(int port) {
        String h = host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port;
    }

    public RelayServer relay() { return relay; }

    public List<DemoGames.Board> boards() { return boards; }

    public String arbiterToken() { return arbiterToken; }

    /** The sensor boards' games. */
    public List<String> gameIds() {
        return boards.stream().map(b -> gameId(b.number())).toList();
    }

    /** The board without sensors, notated on a phone (the demo's client plays the phone). */
    public String notatedGameId() {
        return gameId(boards.size() + 1);
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
            notator.close();
            hall.close();
        } finally {
            cluster.close();
            relay.close();
        }
    }
}
