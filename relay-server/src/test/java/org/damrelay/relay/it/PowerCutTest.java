package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.store.Journal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulated power cut: the journal cut back to an offset that was fsync'd, losing moves that
 * spectators had already seen. The restarted relay gives the lost version numbers to the arbiter's
 * result; a spectator that reconnects holding one of them is told its view was rolled back (a
 * snapshot with {@code rolled_back}), never shown other content under the number it holds, while
 * one holding a version that survived just catches up.
 */
class PowerCutTest {

    private static final String GAME = "nk-r1-b1";

    @TempDir Path dir;

    @Test
    void spectatorsHoldingLostVersionsAreToldTheirViewWasRolledBack() throws Exception {
        Path data = dir.resolve("data");
        List<Move> line = Plays.line(14, 1);
        long fsynced;
        GameUpdate seen11, seen14;
        try (RelayServer relay = RelayServer.start(TestRelay.config(data, 0))) {
            TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            WsClient watcher = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId(GAME).build());
            for (int i = 0; i < 10; i++) hall.sendDurable("101", Plays.event(line.get(i)));
            // every record so far is acked, so fsync'd: this is where the power cut will take the journal back to
            fsynced = Files.size(Journal.segmentFile(data, 1));
            for (int i = 10; i < 14; i++) hall.sendDurable("101", Plays.event(line.get(i)));
            await().atMost(Duration.ofSeconds(30)).until(() -> update(watcher, 14) != null);
            seen11 = update(watcher, 11);
            seen14 = update(watcher, 14);
            // live updates of the relay's own run leave their epoch out: it is the one Subscribed told
            long run = SpectatorFlowTest.messages(watcher).stream().filter(SpectatorMessage.Builder::hasSubscribed).findFirst()
                    .orElseThrow().getSubscribed().getEpoch();
            assertTrue(run != 0, "Subscribed tells the run's epoch");
            assertEquals(0, seen14.getEpoch(), "not repeated on every live update");
            seen11 = seen11.toBuilder().setEpoch(run).build();
            seen14 = seen14.toBuilder().setEpoch(run).build();
            hall.close();
            watcher.close();
        }
        try (FileChannel ch = FileChannel.open(Journal.segmentFile(data, 1), StandardOpenOption.WRITE)) {
            ch.truncate(fsynced);
        }

        try (RelayServer relay = RelayServer.start(TestRelay.config(data, 0))) {
            assertEquals(10, (int) TestRelay.<Integer>onRelay(relay, GAME, g -> g.version()), "the cut took versions 11-14");
            // before any driver comes back, the arbiter's result takes version 11
            TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId(GAME).setResult(GameResult.WHITE_WINS)));
            await().atMost(Duration.ofSeconds(30)).until(() -> TestRelay.<Integer>onRelay(relay, GAME, g -> g.released()) == 11);
            assertEquals(11, (int) TestRelay.<Integer>onRelay(relay, GAME, g -> g.version()), "the result alone took a version");

            // held version 14: the relay has no such version any more
            GameSnapshot beyond = snapshot(reconnect(relay, 14, seen14.getEpoch()));
            assertTrue(beyond.getRolledBack(), "told the view went back");
            assertEquals(11, beyond.getVersion());
            assertEquals(GameResult.WHITE_WINS, beyond.getResult());
            // held version 11, the lost move: the relay's version 11 is the result, of another epoch
            WsClient stale = reconnect(relay, 11, seen11.getEpoch());
            GameSnapshot replaced = snapshot(stale);
            assertTrue(replaced.getRolledBack(), "never other content silently under the number it holds");
            assertEquals(10, replaced.getPliesCount());
            assertTrue(SpectatorFlowTest.messages(stale).stream().noneMatch(SpectatorMessage.Builder::hasUpdate));
            // held version 10, which survived: only what came after it, no snapshot
            WsClient kept = reconnect(relay, 10, seen11.getEpoch());
            await().atMost(Duration.ofSeconds(30)).until(() -> update(kept, 11) != null);
            assertEquals(GameResult.WHITE_WINS, update(kept, 11).getResult());
            assertFalse(SpectatorFlowTest.messages(kept).stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
            // an older viewer that sends no epochs still learns that version 14 is gone
            assertTrue(snapshot(reconnect(relay, 14, 0)).getRolledBack());
            arbiter.close();
        }
    }

    private static WsClient reconnect(RelayServer relay, int known, long epoch) throws Exception {
        Subscribe.Builder s = Subscribe.newBuilder().setGameId(GAME).putKnown(GAME, known);
        if (epoch != 0) s.putKnownEpochs(GAME, epoch);
        return SpectatorFlowTest.spectator(relay.port(), s.build());
    }

    private static GameSnapshot snapshot(WsClient c) {
        return SpectatorFlowTest.messages(c).stream().filter(SpectatorMessage.Builder::hasSnapshot).findFirst()
                .orElseThrow(() -> new AssertionError("no snapshot: " + SpectatorFlowTest.messages(c))).getSnapshot();
    }

    private static GameUpdate update(WsClient c, int version) {
        return SpectatorFlowTest.messages(c).stream().filter(SpectatorMessage.Builder::hasUpdate).map(m -> m.getUpdate())
                .filter(u -> u.getVersion() == version).findFirst().orElse(null);
    }
}
