package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The origin as a JVM of its own, killed with SIGKILL mid-round and started again on its address:
 * the edges keep their spectators, the restarted origin's re-publication is taken as duplicates
 * (versions only rise), and the round goes on to its end without a hole.
 */
class ClusterOriginRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir Path dir;
    ClusterRig rig;
    Process origin;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (origin != null) origin.destroyForcibly();
        if (rig != null) rig.close();
    }

    private void startOrigin(Path config, int port) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        origin = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "org.damrelay.relay.cli.RelayCommand", "--config", config.toString(), "--port", String.valueOf(port))
                .redirectErrorStream(true).start();
        CompletableFuture<Void> bound = new CompletableFuture<>();
        Process p = origin;
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith("damrelay relay listening on port ")) bound.complete(null);
                }
            } catch (Exception e) {
                bound.completeExceptionally(e);
            }
            bound.completeExceptionally(new IllegalStateException("origin output ended before it listened"));
        }, "origin-stdout");
        reader.setDaemon(true);
        reader.start();
        bound.get(60, TimeUnit.SECONDS);
    }

    @Test
    void originKilledAndRestartedEdgesAndSpectatorsCarryOn() throws Exception {
        rig = ClusterRig.redisOnly(dir, 0);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("origin.yaml");
        Files.writeString(config, rig.originYaml());
        startOrigin(config, port);
        rig.startEdges(port, 2);
        for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        List<Move> moves = Plays.line(30, 7);
        Subscribe round = Subscribe.newBuilder().setEventId("nk").setRound(1).build();
        try (Follower a = new Follower(round).connect(rig.edge(0).port()); Follower b = new Follower(round).connect(rig.edge(1).port())) {
            for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 10 && b.plies("nk-r1-b1") == 10);

            origin.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            for (Move m : moves.subList(10, 15)) driver.send("101", Plays.event(m));   // in the driver's outbox meanwhile
            startOrigin(config, port);
            driver.close();
            driver.connect(port);
            await().atMost(WAIT).until(() -> driver.pending() == 0);   // its welcome makes it re-send the outbox
            for (Move m : moves.subList(15, 30)) driver.sendDurable("101", Plays.event(m));

            for (Follower f : List.of(a, b)) {
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
                assertEquals(30, f.updates.size(), "every move once, though the restarted origin published the game again");
                assertTrue(f.open(), "the edge kept its spectators while the origin was away");
                assertEquals(3, f.snapshots.size(), "no snapshot again: the spectator never left its edge");
            }
        }
    }
}
