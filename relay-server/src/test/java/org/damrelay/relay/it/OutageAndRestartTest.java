package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A driver cut off catches up without loss or duplication; a restarted relay rebuilds every game from its journal. */
class OutageAndRestartTest {

    @TempDir Path dir;

    @Test
    void driverCutOffCatchesUpWithoutLossOrDuplicates() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            WsClient spectator = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
            List<Move> moves = Plays.line(40, 5);
            // each event made once: a re-send carries the very bytes first sent (other content under a used seq is a conflict)
            List<GameEvent> events = moves.stream().map(Plays::event).toList();
            for (GameEvent e : events.subList(0, 10)) d.send("101", e);
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 10);

            // the network goes: the hall keeps playing into the outbox
            d.ws.close();
            for (GameEvent e : events.subList(10, 30)) d.send("101", e);
            assertEquals(20, d.pending());

            // back: the welcome says 10 are durable, the outbox re-sends 11..30
            d.connect(relay.port());
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 30 && d.pending() == 0);
            // a confused driver re-sends old events too: they are dropped and acked again
            for (long seq = 5; seq <= 30; seq += 5) {
                d.ws.sendBinary(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard("101")
                        .setSeq(seq).setEvent(events.get((int) seq - 1))).build().toByteArray());
            }
            for (GameEvent e : events.subList(30, 40)) d.send("101", e);
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 40);

            GameSnapshot s = TestRelay.snapshot(relay, "nk-r1-b1");
            assertEquals(40, s.getPliesCount());
            assertEquals(40, s.getVersion());
            for (int i = 0; i < 40; i++) assertEquals(moves.get(i).from(), s.getPlies(i).getMove().getFrom());
            await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                    .filter(SpectatorMessage.Builder::hasUpdate).count() == 40);
            List<Integer> versions = SpectatorFlowTest.messages(spectator).stream().filter(SpectatorMessage.Builder::hasUpdate)
                    .map(m -> m.getUpdate().getVersion()).toList();
            for (int i = 0; i < 40; i++) assertEquals(i + 1, versions.get(i));
            spectator.close();
        }
    }

    @Test
    void restartRebuildsEveryGameFromTheJournal() throws Exception {
        RelayConfig config = TestRelay.config(dir, 0);
        GameSnapshot before1, before2;
        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            List<Move> a = Plays.line(12, 1), b = Plays.line(9, 4);
            for (int i = 0; i < 12; i++) {
                d.send("101", Plays.event(a.get(i)));
                if (i < 9) d.send("102", Plays.event(b.get(i)));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 12 && d.acked("102") == 9);
            before1 = TestRelay.snapshot(relay, "nk-r1-b1");
            before2 = TestRelay.snapshot(relay, "nk-r1-b2");
        }
        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            assertEquals(before1, TestRelay.snapshot(relay, "nk-r1-b1"));
            assertEquals(before2, TestRelay.snapshot(relay, "nk-r1-b2"));
            // the welcome tells the driver where each board stands
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 12 && d.acked("102") == 9);
            WsClient late = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
            await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(late).stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
            assertEquals(12, SpectatorFlowTest.messages(late).get(0).getSnapshot().getPliesCount());
            late.close();
        }
    }
}
