package org.damrelay.app.hall;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.relay.config.Tokens;
import org.awaitility.core.ConditionTimeoutException;
import org.damrelay.relay.it.RelayProcess;

/**
 * A hall of real processes on this machine (issue 21): the relay, the driver and each emulated
 * board (a socat pseudo-terminal) in JVMs of their own, so the driver can be killed with SIGKILL
 * and started again while the boards play on. Every process's output goes to a file in the
 * hall's folder (named in failures). Closing it ends what is left (SIGTERM, then SIGKILL).
 */
final class Hall implements AutoCloseable {
    static final String TOKEN = "hall-secret", ARBITER_TOKEN = "arbiter-secret";
    private final Path dir;
    private final Path relayConfig;
    private RelayProcess relay;
    private final List<Process> processes = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private Process driver;
    private int driverRuns;
    /** The emulators that play PDN games, by name, with the number of boards on each line. */
    private final Map<String, Process> players = new LinkedHashMap<>();
    private final Map<String, Integer> boardsOn = new HashMap<>();
    private int pauses;

    /** A relay whose round 1 has {@code boards} games, game N fed by board "bN" of driver "hall". */
    Hall(Path dir, int boards) throws Exception {
        this(dir, java.util.stream.IntStream.rangeClosed(1, boards).mapToObj(b -> "b" + b).toList());
    }

    /** A relay whose round 1 has a game per source board, game N fed by {@code sources.get(N - 1)} of driver "hall". */
    Hall(Path dir, List<String> sources) throws Exception {
        this.dir = dir;
        StringBuilder pairings = new StringBuilder();
        for (int b = 1; b <= sources.size(); b++) {
            pairings.append("      - {round: 1, board: ").append(b).append(", white: {name: W").append(b)
                    .append("}, black: {name: B").append(b).append("}, driver: hall, sourceBoard: \"").append(sources.get(b - 1)).append("\"}\n");
        }
        Path config = dir.resolve("relay.yaml");
        Files.writeString(config, """
                listen: {host: 127.0.0.1, port: 0}
                dataDir: %s
                events:
                  - id: nk
                    name: NK 2026
                    driverTokens: [{name: hall, sha256: %s}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: 0}]
                    boards:
                %s""".formatted(dir.resolve("relay-data").toAbsolutePath(), Tokens.sha256Hex(TOKEN), Tokens.sha256Hex(ARBITER_TOKEN), pairings));
        relayConfig = config;
        relay = RelayProcess.start(config, 0);
    }

    private Process java(String name, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx192m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.damrelay.app.Damrelay"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("DAMRELAY_DRIVER_TOKEN", TOKEN);
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    /** Board "bN" on a pseudo-terminal of its own, playing {@code scenario} at {@code speed} times real time. */
    Path board(int n, String scenario, double speed, boolean noWait) throws IOException {
        Path file = dir.resolve("b" + n + ".scenario");
        Files.writeString(file, scenario);
        Path link = dir.resolve("tty-b" + n);
        List<String> args = new ArrayList<>(List.of("emulate", "--scenario", file.toString(), "--pty", link.toString(),
                "--speed", String.valueOf(speed), "--noise", "none", "--seed", String.valueOf(n), "--linger", "600"));
        if (noWait) args.add("--no-wait");
        java("emulate-b" + n, args);
        await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(link));
        return link;
    }

    /** A bus of {@code games.size()} boards on one pseudo-terminal, addresses 101.., playing games N.. of a PDN file. */
    Path bus(String name, Path pdn, int firstGame, int boards, double speed, long seed) throws IOException {
        Path link = dir.resolve("tty-" + name);
        players.put(name, java("emulate-" + name, List.of("emulate", "--pdn", pdn.toString(), "--game", String.valueOf(firstGame), "--bus", String.valueOf(boards),
                "--pty", link.toString(), "--speed", String.valueOf(speed), "--seed", String.valueOf(seed), "--linger", "1200")));
        boardsOn.put(name, boards);
        await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(link));
        return link;
    }

    /** One board on a pseudo-terminal playing game N of a PDN file. */
    Path board(String name, Path pdn, int game, double speed, long seed) throws IOException {
        Path link = dir.resolve("tty-" + name);
        players.put(name, java("emulate-" + name, List.of("emulate", "--pdn", pdn.toString(), "--game", String.valueOf(game), "--pty", link.toString(),
                "--speed", String.valueOf(speed), "--seed", String.valueOf(seed), "--linger", "1200")));
        boardsOn.put(name, 1);
        await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(link));
        return link;
    }

    /** Starts the driver (again, over the same outbox) on boards b1..bN. */
    void startDriver(int boards) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int b = 1; b <= boards; b++) lines.addAll(List.of("--port", dir.resolve("tty-b" + b) + "=b" + b));
        startDriver(lines, "outbox");
    }

    /** Starts the driver (again) with these board options over the outbox {@code outbox} (a new name: a wiped outbox). */
    void startDriver(List<String> boardOptions, String outbox) throws IOException {
        List<String> args = new ArrayList<>(List.of("driver", "--relay", "ws://127.0.0.1:" + relay.port() + "/ingest", "--event", "nk",
                "--driver-id", "hall", "--outbox", dir.resolve(outbox).toString(), "--captures", dir.resolve("captures").toString()));
        args.addAll(boardOptions);
        driver = java("driver-" + (++driverRuns), args);
    }

    Path dir() {
        return dir;
    }

    int relayPort() {
        return relay.port();
    }

    /**
     * The players of every PDN board play on until the board is 0-3 plies (drawn from
     * {@code random}, per board) ahead of {@code recorded} (board i's plies the relay has, in the
     * order the boards were made) and then stand still until the driver reads their board again
     * (the emulator's "pause-at" control): a driver restart at human pace, however slowly this
     * machine restarts it. A board already further ahead (plies the killed driver saw but had not
     * recorded) stops at once. Waits until they stand, at most {@code wait}; returns the plies drawn.
     */
    List<Integer> pausePlayers(Random random, Duration wait, List<Integer> recorded) throws IOException {
        List<Integer> drawn = new ArrayList<>();
        pauses++;
        int board = 0;
        for (var e : players.entrySet()) {
            List<String> plies = new ArrayList<>();
            for (int b = 0; b < boardsOn.get(e.getKey()); b++) {
                int k = random.nextInt(4);
                drawn.add(k);
                plies.add(String.valueOf(recorded.get(board++) + k));
            }
            e.getValue().getOutputStream().write(("pause-at " + String.join(" ", plies) + "\n").getBytes(StandardCharsets.UTF_8));
            e.getValue().getOutputStream().flush();
        }
        try {
            await().atMost(wait).pollInterval(Duration.ofMillis(200)).until(() -> players.keySet().stream()
                    .allMatch(name -> occurrences(dir.resolve("emulate-" + name + ".log"), "players stand still") >= pauses));
        } catch (ConditionTimeoutException stillPlaying) {
            // a long think: the driver's read ends the pause with fewer plies made
        }
        return drawn;
    }

    private static int occurrences(Path file, String text) {
        try {
            String s = Files.readString(file);
            int n = 0;
            for (int i = s.indexOf(text); i >= 0; i = s.indexOf(text, i + 1)) n++;
            return n;
        } catch (IOException notYet) {
            return 0;
        }
    }

    /** The relay SIGKILLed and started again on the same port over the same data (its journal, its evidence). */
    void killAndRestartRelay() throws Exception {
        int port = relay.port();
        relay.kill();
        relay = RelayProcess.start(relayConfig, port);
    }

    /** SIGKILL: no shutdown hook runs, nothing is flushed that was not already. */
    void killDriver() throws InterruptedException {
        driver.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }

    /** The relay's PDN of game N of round 1, as spectators get it. */
    PdnGame pdn(int board) throws Exception {
        return PdnReader.parse(pdnText(board)).get(0);
    }

    String pdnText(int board) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + "/pdn/nk-r1-b" + board + ".pdn"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Where the processes' output is, for a failure message. */
    String logs() {
        return "logs in " + dir;
    }

    /** SIGTERM first: an emulator lets go of its socat pseudo-terminal then (SIGKILL would leave it running). */
    @Override
    public void close() {
        for (Process p : processes) p.destroy();
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        relay.close();
    }
}
