package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Side;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An origin and two edges over a real redis-server: what spectators of the edges see, also across Redis faults. */
class ClusterTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Subscribe ROUND_1 = Subscribe.newBuilder().setEventId("nk").setRound(1).build();

    @TempDir Path dir;
    ClusterRig rig;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (rig != null) rig.close();
    }

    private void start(int delayRound2) throws Exception {
        rig = ClusterRig.start(dir, delayRound2, 2);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port());
        for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
    }

    private void play(String board, List<Move> moves) {
        for (Move m : moves) driver.sendDurable(board, Plays.event(m));
    }

    @Test
    void aSpectatorOnEachEdgeSeesEveryMoveOnceInOrderAndALateJoinerTheWholeGame() throws Exception {
        start(0);
        try (Follower a = new Follower(ROUND_1).connect(rig.edge(0).port());
             Follower b = new Follower(ROUND_1).connect(rig.edge(1).port())) {
            List<Move> one = Plays.line(20, 1), two = Plays.line(20, 2);
            for (int i = 0; i < 20; i++) {
                driver.send("101", Plays.event(one.get(i)));
                driver.send("102", Plays.event(two.get(i)));
            }
            for (Follower f : List.of(a, b)) {
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 20 && f.plies("nk-r1-b2") == 20);
                assertEquals(List.of(), f.violations);
                assertEquals(40, f.updates.size(), "each move once");
            }
            // an arbiter-only alert with a clock reading: the edges take its version and clock, never the alert itself
            driver.sendDurable("101", GameEvent.newBuilder().setType(EventType.TOUCH_MOVE).setText("touched 32, moved 33")
                    .addSquares(32).setClock(Clock.newBuilder().setWhiteMs(3_000_000).setBlackMs(2_900_000).setRunning(Side.BLACK)).build());
            await().atMost(WAIT).until(() -> TestRelay.onRelay(rig.edge(1), "nk-r1-b1", g -> g.version()) == 21);
            // the same game on the origin and on the edges: same versions, same plies, same clock
            GameSnapshot atOrigin = TestRelay.onRelay(rig.origin, "nk-r1-b1", g -> g.spectatorSnapshot());
            assertEquals(21, atOrigin.getVersion());
            assertEquals(Side.BLACK, atOrigin.getClock().getRunning());
            try (Follower late = new Follower(Subscribe.newBuilder().setGameId("nk-r1-b1").build()).connect(rig.edge(1).port())) {
                assertEquals(1, late.snapshots.size(), "a late joiner gets the game at once, as one snapshot");
                assertEquals(atOrigin, late.snapshots.get(0));
                assertEquals(20, late.snapshots.get(0).getPliesCount());
            }
            assertEquals(40, a.updates.size(), "the alert is not a spectator's update");
            GameUpdate onEdge = TestRelay.onRelay(rig.edge(0), "nk-r1-b1", g -> g.update(21));
            assertEquals(EventType.EVENT_TYPE_UNSPECIFIED, onEdge.getEvent().getType());
            assertEquals("", onEdge.getEvent().getText());
            assertEquals(0, onEdge.getEvent().getSquaresCount());
        }
    }

    @Test
    void anEdgeServesSpectatorsOnlyAndTheSameJsonAsTheOrigin() throws Exception {
        start(0);
        play("101", Plays.line(4, 3));
        RelayServer edge = rig.edge(0);
        await().atMost(WAIT).until(() -> TestRelay.onRelay(edge, "nk-r1-b1", g -> g.version()) == 4);
        HttpClient http = HttpClient.newHttpClient();
        String path = "/api/games/nk-r1-b1";
        String fromOrigin = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rig.origin.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String fromEdge = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertEquals(fromOrigin, fromEdge);
        try (WsClient ingest = WsClient.connect(edge.port(), "/ingest")) {
            assertEquals(404, ingest.httpStatus(), "no ingest on an edge");
        }
        HttpResponse<String> arbiter = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port() + "/api/arbiter"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, arbiter.statusCode(), "no arbiter on an edge");
        assertTrue(arbiter.body().contains("the arbiter uses the origin"), arbiter.body());
    }

    @Test
    void redisKilledAndRestartedMidRoundLeavesNoGapAndNoDuplicate() throws Exception {
        start(0);
        List<Move> moves = Plays.line(30, 4);
        try (Follower a = new Follower(ROUND_1).connect(rig.edge(0).port());
             Follower b = new Follower(ROUND_1).connect(rig.edge(1).port())) {
            play("101", moves.subList(0, 10));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 10 && b.plies("nk-r1-b1") == 10);
            long syncs = rig.edge(0).edgeFeed().syncs();

            rig.redis.kill();
            play("101", moves.subList(10, 20));   // released while Redis is gone: the edges must get these from the origin
            rig.redis.restart();                   // empty: its data is lost
            play("101", moves.subList(20, 30));

            for (Follower f : List.of(a, b)) {
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
                assertEquals(30, f.updates.size());
                assertTrue(f.open(), "spectators stay connected through a Redis outage");
            }
            assertTrue(rig.edge(0).edgeFeed().syncs() > syncs, "the edge resynchronised from the origin");
        }
    }

    @Test
    void aDelayedRoundNeverReachesAnEdgeEarly() throws Exception {
        start(2);
        try (Follower f = new Follower(Subscribe.newBuilder().setGameId("nk-r2-b1").build()).connect(rig.edge(0).port())) {
            play("201", Plays.line(3, 5));
            await().atMost(WAIT).until(() -> f.plies("nk-r2-b1") == 3);
            assertEquals(List.of(), f.violations);
        }
        // Redis stamps each entry with its own clock when the origin appends it: never before the delay ran out
        RedisClient client = RedisClient.create(rig.redis.uri());
        try (StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
            List<StreamMessage<String, byte[]>> all = c.sync().xrange("damrelay:updates", Range.create("-", "+"));
            int delayed = 0;
            for (StreamMessage<String, byte[]> m : all) {
                GameUpdate u = StreamEntry.of(m.getBody()).update();
                if (!u.getGameId().equals("nk-r2-b1")) continue;
                delayed++;
                long appendedAt = Long.parseLong(m.getId().substring(0, m.getId().indexOf('-')));
                assertTrue(appendedAt >= u.getRelayTimeMs() + 2000,
                        "version " + u.getVersion() + " accepted at " + u.getRelayTimeMs() + " was on the stream at " + appendedAt);
            }
            assertEquals(3, delayed);
        } finally {
            client.shutdown();
        }
    }
}
