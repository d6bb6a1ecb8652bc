package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay as a separate JVM, killed with SIGKILL in the middle of a round while two drivers
 * send: after a restart every acknowledged move is there exactly once, the drivers' outboxes
 * fill the rest in, and a spectator reconnecting with its last version catches up.
 */
class KillNineTest {

    private static final int PLIES = 30;

    @TempDir Path dir;
    private RelayProcess process;

    @AfterEach
    void kill() {
        if (process != null) process.close();
    }

    private int startRelay(Path config, int port) throws Exception {
        process = RelayProcess.start(config, port);
        return process.port();
    }

    @Test
    void killNineMidRoundLosesNothingAcknowledgedAndDuplicatesNothing() throws Exception {
        Path config = dir.resolve("relay.yaml");
        // frequent snapshots, so the kill may also land in a journal rotation or a snapshot write
        Files.writeString(config, TestRelay.yaml(dir.resolve("data"), 0) + "snapshotEveryRecords: 7\n");
        int port = startRelay(config, 0);

        Map<String, List<Move>> lines = Map.of("101", Plays.line(PLIES, 1), "102", Plays.line(PLIES, 2), "103", Plays.line(PLIES, 3));
        TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(port);
        WsClient spectator = SpectatorFlowTest.spectator(port, Subscribe.newBuilder().setGameId("nk-r1-b1").build());

        // the first half is acked, the second half is in flight when the relay dies
        for (int i = 0; i < PLIES / 2; i++) {
            hall.send("101", Plays.event(lines.get("101").get(i)));
            hall.send("102", Plays.event(lines.get("102").get(i)));
            hallB.send("103", Plays.event(lines.get("103").get(i)));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> hall.acked("101") == PLIES / 2 && hall.acked("102") == PLIES / 2
                && hallB.acked("103") == PLIES / 2);
        await().atMost(Duration.ofSeconds(20)).until(() -> lastVersion(spectator) == PLIES / 2);
        for (int i = PLIES / 2; i < PLIES; i++) {
            hall.send("101", Plays.event(lines.get("101").get(i)));
            hall.send("102", Plays.event(lines.get("102").get(i)));
            hallB.send("103", Plays.event(lines.get("103").get(i)));
        }
        process.kill();
        long ackedBefore101 = hall.acked("101");
        int lastSeen = lastVersion(spectator);
        assertTrue(lastSeen >= PLIES / 2);

        assertEquals(port, startRelay(config, port));
        // the drivers come back by themselves: reconnect, read the welcome, re-send their outbox
        for (TestDriver d : List.of(hall, hallB)) {
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> d.connect(port).ws.open());
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> hall.acked("101") == PLIES && hall.acked("102") == PLIES
                && hallB.acked("103") == PLIES && hall.pending() == 0 && hallB.pending() == 0);
        assertTrue(ackedBefore101 <= PLIES);

        for (String board : lines.keySet()) {
            GameSnapshot s = game(port, "nk-r1-b" + board.charAt(2));
            assertEquals(PLIES, s.getPliesCount(), "board " + board);
            assertEquals(PLIES, s.getVersion(), "board " + board + ": no duplicate took a version");
            for (int i = 0; i < PLIES; i++) {
                Move m = lines.get(board).get(i);
                assertEquals(m.from(), s.getPlies(i).getMove().getFrom(), "board " + board + " ply " + (i + 1));
                assertEquals(m.to(), s.getPlies(i).getMove().getTo(), "board " + board + " ply " + (i + 1));
            }
        }

        // the viewer reconnects with the last version it saw and gets only the rest
        WsClient back = SpectatorFlowTest.spectator(port, Subscribe.newBuilder().setGameId("nk-r1-b1").putKnown("nk-r1-b1", lastSeen).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(back).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
        List<SpectatorMessage.Builder> got = SpectatorFlowTest.messages(back);
        assertFalse(got.stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
        List<Integer> versions = got.stream().filter(SpectatorMessage.Builder::hasUpdate).map(m -> m.getUpdate().getVersion()).toList();
        assertEquals(PLIES - lastSeen, versions.size());
        if (!versions.isEmpty()) {
            assertEquals(lastSeen + 1, versions.get(0));
            assertEquals(PLIES, versions.get(versions.size() - 1));
        }
        back.close();
        spectator.close();
        hall.close();
        hallB.close();
    }

    /** The newest version a viewer holds: from its snapshot or its updates. */
    private static int lastVersion(WsClient c) {
        int v = 0;
        for (SpectatorMessage.Builder m : SpectatorFlowTest.messages(c)) {
            if (m.hasSnapshot()) v = Math.max(v, m.getSnapshot().getVersion());
            if (m.hasUpdate()) v = Math.max(v, m.getUpdate().getVersion());
        }
        return v;
    }

    private static GameSnapshot game(int port, String id) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/games/" + id))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        GameSnapshot.Builder b = GameSnapshot.newBuilder();
        JsonFormat.parser().merge(r.body(), b);
        return b.build();
    }
}
