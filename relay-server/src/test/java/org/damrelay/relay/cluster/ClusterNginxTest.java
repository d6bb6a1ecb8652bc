package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.RelayProcess;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The documented nginx config in front of an origin and two edges: drivers to the origin, spectators over the edges. */
class ClusterNginxTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir Path dir;
    ClusterRig rig;
    LocalNginx nginx;
    TestDriver driver;

    @BeforeEach
    void start() throws Exception {
        rig = ClusterRig.start(dir, 0, 2);
        nginx = LocalNginx.start(dir.resolve("nginx"), rig.origin.port(), List.of(rig.edge(0).port(), rig.edge(1).port()));
        // the driver, too, goes through nginx: to the origin
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(nginx.port);
    }

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (nginx != null) nginx.close();
        if (rig != null) rig.close();
    }

    private int spectatorsOn(RelayServer edge) {
        return edge.core().metrics().connections("spectator");
    }

    private static final Pattern SPECTATORS = Pattern.compile("^damrelay_connections\\{kind=\"spectator\"} ([0-9.]+)$", Pattern.MULTILINE);

    /** Spectators on a relay in another JVM, from its /metrics. */
    private static int spectatorsOn(int port) throws Exception {
        String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = SPECTATORS.matcher(metrics);
        return m.find() ? (int) Double.parseDouble(m.group(1)) : 0;
    }

    @Test
    void aSpectatorWhoseEdgeDiesReconnectsThroughNginxToTheOtherAndResumes() throws Exception {
        List<Move> moves = Plays.line(30, 6);
        try (Follower f = new Follower(Subscribe.newBuilder().setEventId("nk").setRound(1).build()).connect(nginx.port)) {
            await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) + spectatorsOn(rig.edge(1)) == 1);
            int dying = spectatorsOn(rig.edge(0)) == 1 ? 0 : 1;
            for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 10);

            rig.edge(dying).close();
            await().atMost(WAIT).until(() -> !f.open());
            for (Move m : moves.subList(10, 20)) driver.sendDurable("101", Plays.event(m));   // missed while away

            f.connect(nginx.port);
            assertEquals(1, spectatorsOn(rig.edge(1 - dying)), "nginx sent it to the edge that is alive");
            for (Move m : moves.subList(20, 30)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
            assertEquals(List.of(), f.violations);
            assertEquals(30, f.updates.stream().filter(u -> u.getGameId().equals("nk-r1-b1")).count(), "every move once");
            assertEquals(3, f.snapshots.size(), "one snapshot per game of the round on the first subscribe, none on the resume");
        }
    }

    /**
     * An edge that dies as a process does (SIGKILL: no close frame, the kernel resets its sockets):
     * its spectator reconnects through nginx, which takes it to the edge that is alive, and resumes.
     */
    @Test
    void aSpectatorWhoseEdgeIsKilledReconnectsThroughNginxAndResumes() throws Exception {
        driver.close();
        nginx.close();
        rig.close();
        rig = ClusterRig.start(dir.resolve("killed"), 0, 1);
        Path edgeConfig = dir.resolve("edge-process.yaml");
        Files.writeString(edgeConfig, rig.edgeYaml(1, rig.origin.port()));
        try (RelayProcess doomed = RelayProcess.start(edgeConfig, 0)) {
            nginx = LocalNginx.start(dir.resolve("nginx-killed"), rig.origin.port(), List.of(rig.edge(0).port(), doomed.port()));
            driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(nginx.port);
            List<Move> moves = Plays.line(30, 8);
            Follower f = new Follower(Subscribe.newBuilder().setEventId("nk").setRound(1).build());
            try {
                // nginx spreads spectators: reconnect until this one is on the edge that will be killed
                for (int tries = 0; tries < 8; tries++) {
                    f.connect(nginx.port);
                    await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) + spectatorsOn(doomed.port()) == 1);
                    if (spectatorsOn(doomed.port()) == 1) break;
                    f.close();
                    await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) == 0);
                }
                assertEquals(1, spectatorsOn(doomed.port()), "the spectator watches through the edge process");
                int snapshotsBefore = f.snapshots.size();
                for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 10);

                doomed.kill();
                await().atMost(WAIT).until(() -> !f.open());
                for (Move m : moves.subList(10, 20)) driver.sendDurable("101", Plays.event(m));   // missed while away

                f.connect(nginx.port);
                await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) == 1);
                for (Move m : moves.subList(20, 30)) driver.sendDurable("101", Plays.event(m));
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
                assertEquals(snapshotsBefore, f.snapshots.size(), "resumed from its versions: no snapshot again");
            } finally {
                f.close();
            }
        }
    }

    /**
     * An edge that hangs (SIGSTOP: its kernel still accepts TCP, nothing answers): nginx gives up
     * its spectators' sockets and new requests within its timeouts (30 s for /ws, 5 s for pages)
     * and sends them to the edge that is alive, where they resume. Awaited, never timed.
     */
    @Test
    void aPausedEdgeIsGivenUpAndItsSpectatorsResumeOnTheOther() throws Exception {
        driver.close();
        nginx.close();
        rig.close();
        rig = ClusterRig.start(dir.resolve("paused"), 0, 1);
        Path edgeConfig = dir.resolve("edge-paused.yaml");
        Files.writeString(edgeConfig, rig.edgeYaml(1, rig.origin.port()));
        try (RelayProcess hung = RelayProcess.start(edgeConfig, 0)) {
            nginx = LocalNginx.start(dir.resolve("nginx-paused"), rig.origin.port(), List.of(rig.edge(0).port(), hung.port()));
            driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(nginx.port);
            List<Move> moves = Plays.line(30, 9);
            Follower f = new Follower(Subscribe.newBuilder().setEventId("nk").setRound(1).build());
            try {
                for (int tries = 0; tries < 8; tries++) {
                    f.connect(nginx.port);
                    await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) + spectatorsOn(hung.port()) == 1);
                    if (spectatorsOn(hung.port()) == 1) break;
                    f.close();
                    await().atMost(WAIT).until(() -> spectatorsOn(rig.edge(0)) == 0);
                }
                assertEquals(1, spectatorsOn(hung.port()), "the spectator watches through the edge that will hang");
                for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 10);

                signal("STOP", hung.pid());
                for (Move m : moves.subList(10, 20)) driver.sendDurable("101", Plays.event(m));
                // pages and JSON: the hung edge is given up after 5 s, the request answered by the other
                HttpClient http = HttpClient.newHttpClient();
                for (int i = 0; i < 4; i++) {
                    HttpResponse<String> game = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nginx.port
                            + "/api/games/nk-r1-b1")).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, game.statusCode(), game.body());
                }
                // its socket: nginx closes it once the edge was silent for /ws's read timeout
                await().atMost(Duration.ofSeconds(90)).until(() -> !f.open());
                for (int tries = 0; tries < 3 && !f.open(); tries++) {
                    try {
                        f.connect(nginx.port);   // a handshake sent to the hung edge goes on to the other after 30 s
                    } catch (ConditionTimeoutException e) {
                        f.close();
                    }
                }
                assertEquals(1, spectatorsOn(rig.edge(0)), "on the edge that is alive");
                for (Move m : moves.subList(20, 30)) driver.sendDurable("101", Plays.event(m));
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
            } finally {
                f.close();
                signal("CONT", hung.pid());
            }
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name);
    }

    @Test
    void publicPathsGoToTheEdgesAndTheClusterStateStaysInside() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> game = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nginx.port + "/api/games/nk-r1-b1"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, game.statusCode());
        HttpResponse<String> state = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + nginx.port + "/cluster/state"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, state.statusCode());
        assertFalse(state.body().contains("nk-r1-b1"));
    }
}
