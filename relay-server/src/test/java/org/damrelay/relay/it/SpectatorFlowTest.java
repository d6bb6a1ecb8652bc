package org.damrelay.relay.it;

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
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.proto.SetPairing;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.proto.Subscribed;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ingest to spectators over real WebSockets: live updates, late joiners, reconnect with a version, delay, PDN. */
class SpectatorFlowTest {

    @TempDir Path dir;
    RelayServer relay;
    TestDriver driver;

    /** The relay under test (SpectatorFlowOneLoopTest: the same flows on one event loop that runs the core too). */
    RelayConfig config() {
        return TestRelay.config(dir, 4);
    }

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(config());
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
    }

    @AfterEach
    void stop() {
        driver.close();
        relay.close();
    }

    /**
     * A spectator whose subscription the relay has taken: it returns once {@code subscribed} came,
     * so what the test sends next is a delta for it, not something it might find in its snapshot.
     */
    static WsClient spectator(int port, Subscribe s) throws Exception {
        WsClient c = WsClient.connect(port, "/ws");
        c.sendJson(SpectatorRequest.newBuilder().setSubscribe(s).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(c).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        return c;
    }

    static List<SpectatorMessage.Builder> messages(WsClient c) {
        return c.json(SpectatorMessage::newBuilder);
    }

    private void play(String board, List<Move> moves) {
        for (Move m : moves) driver.send(board, Plays.event(m));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.acked(board) == moves.size());
    }

    @Test
    void spectatorsSeeIngestedMovesLiveAndLateJoinersGetTheSnapshot() throws Exception {
        WsClient early = spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(early).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        assertTrue(messages(early).get(0).hasSnapshot());
        assertEquals(0, messages(early).get(0).getSnapshot().getPliesCount());

        List<Move> moves = Plays.line(6, 1);
        play("101", moves);
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(early).stream().filter(SpectatorMessage.Builder::hasUpdate).count() == 6);
        List<SpectatorMessage.Builder> updates = messages(early).stream().filter(SpectatorMessage.Builder::hasUpdate).toList();
        for (int i = 0; i < 6; i++) {
            assertEquals(i + 1, updates.get(i).getUpdate().getVersion());
            assertEquals(moves.get(i).from(), updates.get(i).getUpdate().getEvent().getMove().getFrom());
        }

        WsClient late = spectator(relay.port(), Subscribe.newBuilder().setEventId("nk").setRound(1).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(late).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        var snap = messages(late).stream().filter(m -> m.hasSnapshot() && m.getSnapshot().getInfo().getGameId().equals("nk-r1-b1"))
                .findFirst().orElseThrow().getSnapshot();
        assertEquals(6, snap.getVersion());
        assertEquals(6, snap.getPliesCount());
        assertEquals(updates.get(5).getUpdate().getEvent().getFen(), snap.getFen());
        assertEquals(3, messages(late).stream().filter(SpectatorMessage.Builder::hasSnapshot).count(), "three games in round 1");
        early.close();
        late.close();
    }

    @Test
    void theSubscribedAnswerCountsTheSpectatorsOfEachGameThisOneIncluded() throws Exception {
        WsClient first = spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
        assertEquals(Map.of("nk-r1-b1", 1), subscribed(first).getSpectatorsMap(), "the first spectator counts itself");
        WsClient round = spectator(relay.port(), Subscribe.newBuilder().setEventId("nk").setRound(1).build());
        Map<String, Integer> counts = subscribed(round).getSpectatorsMap();
        assertEquals(2, counts.get("nk-r1-b1"), "the game's own spectator and the round's");
        assertEquals(1, counts.get("nk-r1-b2"));
        assertEquals(3, counts.size(), "every game of the round: " + counts);
        first.close();
        round.close();
    }

    private static Subscribed subscribed(WsClient c) {
        return messages(c).stream().filter(SpectatorMessage.Builder::hasSubscribed).findFirst().orElseThrow().getSubscribed();
    }

    @Test
    void reconnectWithAVersionGetsOnlyWhatWasMissed() throws Exception {
        play("101", Plays.line(5, 2));
        WsClient back = spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").putKnown("nk-r1-b1", 2).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(back).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        List<SpectatorMessage.Builder> got = messages(back);
        assertFalse(got.stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
        assertEquals(List.of(3, 4, 5), got.stream().filter(SpectatorMessage.Builder::hasUpdate).map(m -> m.getUpdate().getVersion()).toList());
        back.close();

        // a version the relay no longer has history for (in the future here) gets a snapshot
        WsClient odd = spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").putKnown("nk-r1-b1", 99).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(odd).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        assertEquals(5, messages(odd).get(0).getSnapshot().getVersion());
        odd.close();
    }

    @Test
    void delayHoldsBackSpectatorsButNotTheArbiter() throws Exception {
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        WsClient spectator = spectator(relay.port(), Subscribe.newBuilder().setEventId("nk").setRound(2).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages(spectator).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        assertEquals(4, messages(spectator).stream().filter(SpectatorMessage.Builder::hasSubscribed).findFirst().orElseThrow()
                .getSubscribed().getDelaySeconds());

        play("201", Plays.line(1, 0));
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(ArbiterMessage.Builder::hasUpdate));
        // the arbiter has it; spectators, the JSON and the PDN do not yet
        assertFalse(messages(spectator).stream().anyMatch(SpectatorMessage.Builder::hasUpdate));
        assertFalse(get("/pdn/nk-r2-b1.pdn").contains(Plays.line(1, 0).get(0).toString()));
        assertFalse(get("/api/games/nk-r2-b1").contains("\"plies\""), "canonical JSON omits the empty ply list");
        // a console opened now, still within the delay, starts from the live games
        TestArbiter late = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "deputy");
        await().atMost(Duration.ofSeconds(30)).until(() -> late.messages().stream()
                .anyMatch(m -> m.hasSnapshot() && m.getSnapshot().getInfo().getGameId().equals("nk-r2-b1")));
        assertEquals(1, late.messages().stream().filter(m -> m.hasSnapshot() && m.getSnapshot().getInfo().getGameId().equals("nk-r2-b1"))
                .findFirst().orElseThrow().getSnapshot().getPliesCount(), "the arbiter's snapshot is live, not delayed");
        late.close();

        await().atMost(Duration.ofSeconds(20)).until(() -> messages(spectator).stream().anyMatch(SpectatorMessage.Builder::hasUpdate));
        assertTrue(get("/pdn/nk-r2-b1.pdn").contains("1. " + Plays.line(1, 0).get(0)));
        assertTrue(get("/api/games/nk-r2-b1").contains("\"plies\""));
        arbiter.close();
        spectator.close();
    }

    @Test
    void pdnEndpointReturnsWhatWasPlayedWithLongFormWhereAmbiguous() throws Exception {
        List<Move> moves = Plays.line(8, 3);
        play("102", moves);
        String pdn = get("/pdn/nk-r1-b2.pdn");
        assertTrue(pdn.contains("[White \"Pim Meurs\"]"), pdn);
        assertTrue(pdn.contains("[Result \"*\"]"), pdn);
        assertTrue(pdn.contains("1. " + moves.get(0) + " " + moves.get(1) + " 2. " + moves.get(2)), pdn);

        // a game started from a position where 42x34 can take two different sets of pieces
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        assertTrue(arbiter.request(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder().setInfo(GameInfo.newBuilder()
                .setRound(1).setBoard(9).setWhite(Player.newBuilder().setName("X")).setBlack(Player.newBuilder().setName("Y"))
                .setStartFen("W:WK42:B1,6,7,15,17,20,22,29,35,37,46").setSourceDriver("hall").setSourceBoard("109")))).hasOk());
        Move capture = new Move(42, 34, (1L << 22) | (1L << 29) | (1L << 37), List.of(42, 31, 18, 34));
        driver.send("109", Plays.event(capture));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.acked("109") == 1);
        String amb = get("/pdn/nk-r1-b9.pdn");
        assertTrue(amb.contains("1. 42x31x18x34"), amb);
        assertTrue(amb.contains("[FEN \"W:WK42:B1,6,7,15,17,20,22,29,35,37,46\"]"), amb);
        String round = get("/pdn/nk/round/1.pdn");
        assertTrue(round.contains("42x31x18x34") && round.contains("Pim Meurs"), round);
        arbiter.close();
    }

    @Test
    void healthMetricsAndJsonState() throws Exception {
        play("101", Plays.line(2, 0));
        assertTrue(get("/health").contains("UP"));
        String metrics = get("/metrics");
        assertTrue(metrics.contains("damrelay_journal_fsync"), metrics);
        assertTrue(metrics.contains("damrelay_connections"), metrics);
        String events = get("/api/events");
        assertTrue(events.contains("{\"eventId\":\"nk\",\"name\":\"NK 2026\"") && events.contains("\"other\""), events);
        String event = get("/api/events/nk");
        assertTrue(event.contains("\"gameId\":\"nk-r1-b1\"") && event.contains("\"plies\":2"), event);
        String round = get("/api/events/nk/rounds/1");
        assertTrue(round.contains("Roel Boomstra"), round);
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        return r.body();
    }
}
