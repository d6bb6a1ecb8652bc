package org.damrelay.viewer.testing;

import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.it.FixedPortRelay;
import org.damrelay.relay.it.TestDriver;

/**
 * The real relay, in-process on loopback, with a team-match round: event "nk2026", round 3, four
 * boards of Hijken DTC against Huissen fed by driver "hall" (boards "101".."104"), and round 4 with
 * one board, to show that a round subscription stays within its round. It keeps its journal across
 * {@link #restart()} and its port, so a viewer reconnects to the same address. Round 5's boards have no
 * sensor board: they are for digital notation (board 2 starts from an ambiguous capture).
 */
public final class LiveRelay implements AutoCloseable {

    public static final String EVENT = "nk2026";
    public static final String DRIVER = "hall";
    public static final String DRIVER_TOKEN = "driver-secret";
    public static final String ARBITER_TOKEN = "arbiter-secret";

    private final Path dataDir;
    private final FixedPortRelay relay;
    private final RelayConfig config;

    private LiveRelay(Path dataDir, FixedPortRelay relay, RelayConfig config) {
        this.dataDir = dataDir;
        this.relay = relay;
        this.config = config;
    }

    public static LiveRelay start(int round3DelaySeconds) throws IOException {
        return start(round3DelaySeconds, List.of());
    }

    /** @param trustedRelays other relays this one names as trusted for its viewer (edge.trustedRelays) */
    public static LiveRelay start(int round3DelaySeconds, List<String> trustedRelays) throws IOException {
        return start(round3DelaySeconds, trustedRelays, List.of(), EngineConfig.OFF);
    }

    /** @param extraBoards more pairings, each a YAML flow mapping as the {@code boards} list takes it */
    public static LiveRelay start(int round3DelaySeconds, List<String> trustedRelays, List<String> extraBoards) throws IOException {
        return start(round3DelaySeconds, trustedRelays, extraBoards, EngineConfig.OFF);
    }

    /** @param engine the engine that evaluates released positions (EngineConfig.OFF: none) */
    public static LiveRelay start(int round3DelaySeconds, List<String> trustedRelays, EngineConfig engine) throws IOException {
        return start(round3DelaySeconds, trustedRelays, List.of(), engine);
    }

    public static LiveRelay start(int round3DelaySeconds, List<String> trustedRelays, List<String> extraBoards, EngineConfig engine)
            throws IOException {
        Path dataDir = Files.createTempDirectory("damrelay-viewer-relay");
        // A fixed port for the relay's whole life: a restarted relay must be where the viewer left it.
        int port = FixedPortRelay.freeLoopbackPort();
        RelayConfig config = ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: %d}
                dataDir: %s
                limits: {connectionsPerIp: 200, spectatorMessagesPerSecond: 50, helloTimeoutMillis: 5000}
                edge: {trustedRelays: [%s]}
                events:
                  - id: %s
                    name: NK teams 2026
                    site: Hijken
                    arbiter: "J. de Vries"
                    driverTokens: [{name: hall, sha256: %s}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    rounds: [{number: 3, delaySeconds: %d, date: "2026-04-17"}, {number: 4, delaySeconds: 0}, {number: 5, delaySeconds: 0}]
                    boards:
                      - {round: 3, board: 1, match: Hijken DTC - Huissen, white: {name: Hein Meijer, team: Hijken DTC, rating: 1580, fedId: "NED"}, black: {name: Pim Meurs, team: Huissen, rating: 1432, fedId: "NED"}, driver: hall, sourceBoard: "101"}
                      - {round: 3, board: 2, match: Hijken DTC - Huissen, white: {name: Roel Boomstra, team: Huissen}, black: {name: Jeroen van den Akker, team: Hijken DTC}, driver: hall, sourceBoard: "102"}
                      - {round: 3, board: 3, match: Hijken DTC - Huissen, white: {name: Alexander Schwarzman, team: Hijken DTC}, black: {name: Wouter Sipma, team: Huissen}, driver: hall, sourceBoard: "103"}
                      - {round: 3, board: 4, match: Hijken DTC - Huissen, white: {name: Jan Groenendijk, team: Huissen}, black: {name: Erno Prosman, team: Hijken DTC}, driver: hall, sourceBoard: "104"}
                      - {round: 4, board: 1, match: A - B, white: {name: Other Game, team: A}, black: {name: Not Shown, team: B}, driver: hall, sourceBoard: "201"}
                      - {round: 5, board: 1, white: {name: A.U. Kovrizkin}, black: {name: S.P. Mossolov}}
                      - {round: 5, board: 2, white: {name: Ambi Guous}, black: {name: Cap Ture}, startFen: "W:WK47:B14,19,29,31,42"}
                      - {round: 5, board: 3, white: {name: Stop Per}, black: {name: Pa Per}}
                      - {round: 5, board: 4, white: {name: Re Voked}, black: {name: No Device}}
                      - {round: 5, board: 5, white: {name: Own Game}, black: {name: Only}}
                %s
                """.formatted(port, dataDir.toAbsolutePath(), String.join(", ", trustedRelays), EVENT, Tokens.sha256Hex(DRIVER_TOKEN),
                Tokens.sha256Hex(ARBITER_TOKEN), round3DelaySeconds,
                extraBoards.stream().map(b -> "      - " + b).collect(java.util.stream.Collectors.joining("\n"))), null).withEngine(engine);
        return new LiveRelay(dataDir, new FixedPortRelay(config).start(), config);
    }

    public static String gameId(int round, int board) {
        return EVENT + "-r" + round + "-b" + board;
    }

    /** The driver's name for a board of round 3 (its serial in the pairings). */
    public static String sourceBoard(int board) {
        return String.valueOf(100 + board);
    }

    /** The hall's driver (the relay's own test driver), signed in to this relay. */
    public TestDriver connectDriver() throws Exception {
        return new TestDriver(DRIVER, DRIVER_TOKEN, EVENT).connect(port());
    }

    /** The running relay re-reads its config with this engine section (started, changed or switched off). */
    public void reloadEngine(EngineConfig engine) {
        relay.server().reload(config.withEngine(engine));
    }

    public int port() {
        return relay.port();
    }

    public String httpUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** A game as spectators get it now (GET /api/games/{id}): what the relay made of what a page did. */
    public GameSnapshot snapshot(String gameId) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(httpUrl() + "/api/games/" + gameId)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("GET /api/games/" + gameId + ": " + r.statusCode());
        GameSnapshot.Builder b = GameSnapshot.newBuilder();
        JsonFormat.parser().ignoringUnknownFields().merge(r.body(), b);
        return b.build();
    }

    /** Stops the relay as an operator would (connections drop), leaving its journal on disk. */
    public void stop() {
        relay.stop();
    }

    /** Starts it again from its journal on the same port. */
    public void restart() {
        relay.restart();
    }

    @Override
    public void close() throws IOException {
        stop();
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
