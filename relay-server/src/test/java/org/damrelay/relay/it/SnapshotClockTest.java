package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Clock;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.Side;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spectator joining mid-move learns when the snapshot's clock was read, so it can tick from then. */
class SnapshotClockTest {

    @TempDir Path dir;

    @Test
    void theSnapshotClockCarriesTheRelayTimeOfItsReading() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            WsClient early = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
            List<Move> moves = Plays.line(2, 1);
            Clock first = Clock.newBuilder().setWhiteMs(4_000_000).setBlackMs(4_100_000).setRunning(Side.BLACK).build();
            Clock second = Clock.newBuilder().setWhiteMs(3_990_000).setBlackMs(4_050_000).setRunning(Side.WHITE).build();
            d.send("101", Plays.event(moves.get(0)).toBuilder().setClock(first).build());
            d.send("101", Plays.event(moves.get(1)).toBuilder().setClock(second).build());
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 2);
            await().atMost(Duration.ofSeconds(5)).until(() -> SpectatorFlowTest.messages(early).stream().filter(SpectatorMessage.Builder::hasUpdate).count() == 2);
            GameUpdate lastReading = SpectatorFlowTest.messages(early).stream().filter(SpectatorMessage.Builder::hasUpdate)
                    .map(SpectatorMessage.Builder::getUpdate).toList().get(1);
            assertTrue(lastReading.getRelayTimeMs() > 0);

            WsClient late = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
            await().atMost(Duration.ofSeconds(5)).until(() -> SpectatorFlowTest.messages(late).stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
            GameSnapshot s = SpectatorFlowTest.messages(late).get(0).getSnapshot();
            assertEquals(second.toBuilder().setRelayTimeMs(lastReading.getRelayTimeMs()).build(), s.getClock());
            early.close();
            late.close();
        }
    }
}
