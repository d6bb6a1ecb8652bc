package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
 * Redis behind a Sentinel: a master and its replica (real redis-servers), one Sentinel, the
 * relays given the Sentinel's address. The master is killed mid-round; the Sentinel promotes the
 * replica; the origin and the edges go on with the new master, spectators without gap or duplicate.
 */
class ClusterSentinelTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir Path dir;
    LocalRedis replica;
    LocalSentinel sentinel;
    ClusterRig rig;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (rig != null) rig.close();
        if (sentinel != null) sentinel.close();
        if (replica != null) replica.close();
    }

    private static String replication(int port) {
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            return c.sync().info("replication");
        } finally {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMasterFailoverMidRoundIsFollowedByOriginAndEdges() throws Exception {
        LocalRedis master = LocalRedis.start(dir.resolve("master"));
        replica = LocalRedis.start(dir.resolve("replica"), "--replicaof", "127.0.0.1", String.valueOf(master.port()));
        await().atMost(WAIT).until(() -> replication(replica.port()).contains("master_link_status:up"));
        sentinel = LocalSentinel.start(dir.resolve("sentinel"), master.port());
        // the Sentinel has found the replica (it learns them from the master): it can promote it
        await().atMost(WAIT).until(() -> replication(master.port()).contains("connected_slaves:1"));
        rig = ClusterRig.start(dir, master, sentinel.uri(), 2);
        for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port());
        List<Move> moves = Plays.line(30, 6);
        Subscribe round = Subscribe.newBuilder().setEventId("nk").setRound(1).build();
        try (Follower a = new Follower(round).connect(rig.edge(0).port()); Follower b = new Follower(round).connect(rig.edge(1).port())) {
            for (Move m : moves.subList(0, 10)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 10 && b.plies("nk-r1-b1") == 10);

            master.kill();
            for (Move m : moves.subList(10, 20)) driver.sendDurable("101", Plays.event(m));
            await().atMost(WAIT).until(() -> sentinel.masterPort() == replica.port());
            for (Move m : moves.subList(20, 30)) driver.sendDurable("101", Plays.event(m));

            for (Follower f : List.of(a, b)) {
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
                assertEquals(30, f.updates.size(), "every move once");
                assertTrue(f.open());
            }
            // both roles are on the new master: the origin appends there, the edges read it
            for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
            RedisClient client = RedisClient.create("redis://127.0.0.1:" + replica.port());
            try (StatefulRedisConnection<String, String> c = client.connect()) {
                long before = c.sync().xlen("damrelay:updates");
                driver.sendDurable("102", Plays.event(Plays.line(1, 1).get(0)));
                await().atMost(WAIT).until(() -> c.sync().xlen("damrelay:updates") > before);
                await().atMost(WAIT).until(() -> TestRelay.onRelay(rig.edge(0), "nk-r1-b2", g -> g.version()) >= 1);
            } finally {
                client.shutdown(0, 2, TimeUnit.SECONDS);
            }
        }
    }
}
