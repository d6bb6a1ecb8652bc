package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.damrelay.proto.GameUpdate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.RelayProcess;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The origin as a JVM of its own, killed with SIGKILL mid-round and started again on its address:
 * the edges keep their spectators, the restarted origin appends to the stream only what it
 * lacks (versions only rise), and the round goes on to its end without a hole.
 */
class ClusterOriginRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir Path dir;
    ClusterRig rig;
    RelayProcess origin;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (origin != null) origin.close();
        if (rig != null) rig.close();
    }

    @Test
    void originKilledAndRestartedEdgesAndSpectatorsCarryOn() throws Exception {
        rig = ClusterRig.redisOnly(dir, 0);
        int port = LocalRedis.freePort();
        Path config = dir.resolve("origin.yaml");
        Files.writeString(config, rig.originYaml());
        origin = RelayProcess.start(config, port);
        rig.startEdges(port, 2);
        for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        List<Move> moves = Plays.line(30, 7);
        Subscribe round = Subscribe.newBuilder().setEventId("nk").setRound(1).build();
        try (Follower a = new Follower(round).connect(rig.edge(0).port()); Follower b = new Follower(round).connect(rig.edge(1).port())) {
            for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 10 && b.plies("nk-r1-b1") == 10);

            origin.kill();
            for (Move m : moves.subList(10, 15)) driver.send("101", Plays.event(m));   // in the driver's outbox meanwhile
            origin = RelayProcess.start(config, port);
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
        // the restarted origin appended only what the stream lacked: every version once
        RedisClient client = RedisClient.create(rig.redis.uri());
        try (StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
            Map<String, Long> times = new HashMap<>();
            for (StreamMessage<String, byte[]> m : c.sync().xrange("damrelay:updates", Range.create("-", "+"))) {
                GameUpdate u = StreamEntry.of(m.getBody()).update();
                times.merge(u.getGameId() + " v" + u.getVersion(), 1L, Long::sum);
            }
            assertTrue(times.keySet().stream().filter(k -> k.startsWith("nk-r1-b1 ")).count() >= 30, "the whole game is on the stream");
            assertEquals(Map.of(), times.entrySet().stream().filter(e -> e.getValue() > 1)
                    .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)), "appended twice");
        } finally {
            client.shutdown();
        }
    }
}
