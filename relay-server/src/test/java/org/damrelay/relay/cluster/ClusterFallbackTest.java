package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ClusterEntries;
import org.damrelay.proto.ClusterState;
import org.damrelay.proto.ClusterStateRequest;
import org.damrelay.proto.GameState;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edges that outlive Redis (they follow the origin directly and go back to the stream), health
 * that says so, and the origin's answers to its edges: only with the cluster's token, and only
 * what an edge lacks.
 */
class ClusterFallbackTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Subscribe ROUND_1 = Subscribe.newBuilder().setEventId("nk").setRound(1).build();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir Path dir;
    ClusterRig rig;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (rig != null) rig.close();
    }

    private void play(List<Move> moves) {
        for (Move m : moves) driver.sendDurable("101", Plays.event(m));
    }

    private HttpResponse<String> health(int port) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void withRedisDownEdgesFollowTheOriginDirectlyAndGoBackToTheStream() throws Exception {
        rig = ClusterRig.start(dir, 0, 2);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port());
        List<Move> moves = Plays.line(30, 4);
        try (Follower a = new Follower(ROUND_1).connect(rig.edge(0).port());
             Follower b = new Follower(ROUND_1).connect(rig.edge(1).port())) {
            play(moves.subList(0, 10));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 10 && b.plies("nk-r1-b1") == 10);
            assertEquals("{\"status\":\"UP\"}", health(rig.edge(0).port()).body());

            rig.redis.kill();   // and it stays away while these are played
            play(moves.subList(10, 20));
            await().atMost(WAIT).until(() -> a.plies("nk-r1-b1") == 20 && b.plies("nk-r1-b1") == 20);
            for (RelayServer e : rig.edges) assertEquals(EdgeFeed.State.FOLLOWING_ORIGIN, e.edgeFeed().state());
            HttpResponse<String> edgeHealth = health(rig.edge(0).port());
            assertEquals(200, edgeHealth.statusCode(), "it serves: degraded, not down");
            assertTrue(edgeHealth.body().contains("\"status\":\"DEGRADED\"") && edgeHealth.body().contains("following the origin"), edgeHealth.body());
            HttpResponse<String> originHealth = health(rig.origin.port());
            assertTrue(originHealth.body().contains("\"status\":\"DEGRADED\"") && originHealth.body().contains("cannot append to redis"),
                    originHealth.body());

            rig.redis.restart();   // empty
            for (RelayServer e : rig.edges) await().atMost(WAIT).until(() -> e.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
            play(moves.subList(20, 30));
            for (Follower f : List.of(a, b)) {
                await().atMost(WAIT).until(() -> f.plies("nk-r1-b1") == 30);
                assertEquals(List.of(), f.violations);
                assertEquals(30, f.updates.size(), "every move once: no gap, no duplicate across both switches");
                assertTrue(f.open(), "spectators stay on their edge throughout");
            }
            await().atMost(WAIT).until(() -> health(rig.edge(0).port()).body().equals("{\"status\":\"UP\"}"));
            await().atMost(WAIT).until(() -> health(rig.origin.port()).body().equals("{\"status\":\"UP\"}"));
        }
    }

    @Test
    void anEdgeThatCanFollowNothingAnswers503AndSaysWhy() throws Exception {
        rig = ClusterRig.start(dir, 0, 1);
        RelayServer edge = rig.edge(0);
        await().atMost(WAIT).until(() -> edge.edgeFeed().state() == EdgeFeed.State.FOLLOWING);
        rig.redis.kill();
        rig.origin.close();
        rig.origin = null;
        await().atMost(WAIT).until(() -> health(edge.port()).statusCode() == 503);
        // and stays so while it retries the origin: a retry under way is no reason to say UP (it once did, between two retries)
        await().during(Duration.ofSeconds(3)).atMost(WAIT).until(() -> health(edge.port()).statusCode() == 503);
        String body = health(edge.port()).body();
        assertTrue(body.contains("\"status\":\"DOWN\"") && body.contains("cannot follow the origin"), body);
        assertEquals(200, http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port() + "/api/games/nk-r1-b1")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode(), "it still serves what it has");
    }

    @Test
    void theOriginAnswersOnlyItsEdgesAndOnlyWhatTheyLack() throws Exception {
        rig = ClusterRig.start(dir, 0, 1);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port());
        play(Plays.line(5, 2));
        int v = TestRelay.onRelay(rig.origin, "nk-r1-b1", g -> g.released());
        await().atMost(WAIT).until(() -> TestRelay.onRelay(rig.edge(0), "nk-r1-b1", g -> g.version()) == v);
        String base = "http://127.0.0.1:" + rig.origin.port();
        byte[] ask = ClusterStateRequest.newBuilder().putKnown("nk-r1-b1", 3).putKnown("nk-r1-b2", 0).build().toByteArray();

        for (String auth : List.of("", "Bearer not-the-cluster-token")) {
            HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + "/cluster/state")).POST(HttpRequest.BodyPublishers.ofByteArray(ask));
            if (!auth.isEmpty()) r.header("Authorization", auth);
            HttpResponse<String> refused = http.send(r.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, refused.statusCode());
            assertFalse(refused.body().contains("nk-r1-b1"));
            assertTrue(refused.body().contains("cluster.token"), refused.body());
        }

        HttpResponse<byte[]> ok = http.send(HttpRequest.newBuilder(URI.create(base + "/cluster/state")).header("Authorization", "Bearer " + ClusterRig.TOKEN)
                .POST(HttpRequest.BodyPublishers.ofByteArray(ask)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, ok.statusCode());
        ClusterState state = ClusterState.parseFrom(ok.body());
        GameState b1 = state.getGamesList().stream().filter(g -> g.getInitialInfo().getGameId().equals("nk-r1-b1")).findFirst().orElseThrow();
        assertEquals(java.util.stream.IntStream.rangeClosed(4, v).boxed().toList(), b1.getUpdatesList().stream().map(GameUpdate::getVersion).toList(),
                "only what the edge lacks");
        assertTrue(state.getGamesList().stream().noneMatch(g -> g.getInitialInfo().getGameId().equals("nk-r1-b2")), "a game it is level with is left out");
        assertTrue(state.getGamesList().stream().anyMatch(g -> g.getInitialInfo().getGameId().equals("nk-r1-b3")), "a game it did not name is sent whole");
        long seq = state.getSeq();
        assertTrue(seq >= 5, "at least the five moves released so far: " + seq);

        ClusterEntries last2 = entries(base, state.getEpoch(), seq - 2);
        assertEquals(List.of(seq - 1, seq), last2.getEntriesList().stream().map(e -> e.getSeq()).toList());
        assertEquals(List.of(), entries(base, state.getEpoch(), seq).getEntriesList(), "nothing new yet");
        // a long poll: answered by the next released move, not by its time running out
        CompletableFuture<HttpResponse<byte[]>> poll = http.sendAsync(HttpRequest.newBuilder(URI.create(base + "/cluster/entries?epoch="
                + state.getEpoch() + "&after=" + seq + "&waitMs=30000")).header("Authorization", "Bearer " + ClusterRig.TOKEN).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        driver.sendDurable("101", Plays.event(Plays.line(6, 2).get(5)));
        ClusterEntries next = ClusterEntries.parseFrom(poll.get(20, TimeUnit.SECONDS).body());
        assertEquals(seq + 1, next.getEntries(0).getSeq());
        assertEquals("nk-r1-b1", next.getEntries(0).getUpdate().getGameId());
        assertTrue(entries(base, state.getEpoch() + 1, 3).getGone(), "another origin's count: take the state");
        assertTrue(entries(base, state.getEpoch(), seq + 5).getGone(), "a count this origin never reached");

        HttpResponse<String> onEdge = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rig.edge(0).port() + "/cluster/state"))
                .header("Authorization", "Bearer " + ClusterRig.TOKEN).POST(HttpRequest.BodyPublishers.ofByteArray(ask)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, onEdge.statusCode(), "an edge answers no edges");
    }

    private ClusterEntries entries(String base, long epoch, long after) throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(base + "/cluster/entries?epoch=" + epoch + "&after=" + after))
                .header("Authorization", "Bearer " + ClusterRig.TOKEN).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        return ClusterEntries.parseFrom(r.body());
    }
}
