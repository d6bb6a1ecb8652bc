package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.store.Journal;
import org.damrelay.relay.store.SnapshotStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshots: the journal rolls over, old segments go, and a restart from snapshot + tail gives the same games. */
class SnapshotTest {

    @TempDir Path dir;

    @Test
    void restartFromASnapshotAndTheJournalTailGivesTheSameGames() throws Exception {
        RelayConfig config = TestRelay.config(dir.resolve("data"), 0).withSnapshotEveryRecords(10);
        Path data = config.dataPath();
        List<Move> a = Plays.line(25, 1), b = Plays.line(17, 2);
        GameSnapshot before1, before2;
        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            for (int i = 0; i < 25; i++) {
                d.send("101", Plays.event(a.get(i)));
                if (i < 17) d.send("102", Plays.event(b.get(i)));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 25 && d.acked("102") == 17);
            await().atMost(Duration.ofSeconds(30)).until(() -> SnapshotStore.latest(data).isPresent() && Journal.segments(data).size() == 1);
            before1 = TestRelay.snapshot(relay, "nk-r1-b1");
            before2 = TestRelay.snapshot(relay, "nk-r1-b2");
        }
        long snapSegment = SnapshotStore.latest(data).orElseThrow().getSegment();
        assertTrue(snapSegment >= 2, "a snapshot after 10 records: segment " + snapSegment);
        assertFalse(Files.exists(Journal.segmentFile(data, 1)), "segments before the snapshot are gone");

        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            assertEquals(before1, TestRelay.snapshot(relay, "nk-r1-b1"));
            assertEquals(before2, TestRelay.snapshot(relay, "nk-r1-b2"));
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 25 && d.acked("102") == 17);
            // the stream continues where the driver's outbox says: the next seq is accepted
            d.nextSeq.put("102", 17L);
            d.send("102", Plays.event(Plays.line(18, 2).get(17)));
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("102") == 18);
            WsClient back = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").putKnown("nk-r1-b1", 20).build());
            await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(back).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
            assertEquals(List.of(21, 22, 23, 24, 25), SpectatorFlowTest.messages(back).stream().filter(SpectatorMessage.Builder::hasUpdate)
                    .map(m -> m.getUpdate().getVersion()).toList());
            back.close();
        }
    }
}
