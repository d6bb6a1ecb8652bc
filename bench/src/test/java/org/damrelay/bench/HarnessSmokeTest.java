package org.damrelay.bench;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.bench.load.IngestLoad;
import org.damrelay.bench.load.Lines;
import org.damrelay.bench.load.SpectatorLoad;
import org.damrelay.draughts.rules.Move;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load harness against an in-process relay, small: 50 spectators, five games, about a second of moves. */
class HarnessSmokeTest {

    @TempDir
    Path dir;

    @Test
    void spectatorsReceiveEveryLoadMoveWithItsLatencyAndResumeAfterReconnect() throws Exception {
        int games = 5, spectators = 50, perGame = spectators / games;
        try (RelayServer relay = RelayServer.start(ConfigLoader.parse(Rig.config(games, dir.resolve("data")), null))) {
            Map<String, List<Move>> lines = new LinkedHashMap<>();
            for (int b = 1; b <= games; b++) lines.put(String.valueOf(b), Lines.longLine(b, 40, 3));
            List<String> ids = List.of(Rig.gameId(1), Rig.gameId(2), Rig.gameId(3), Rig.gameId(4), Rig.gameId(5));
            try (IngestLoad ingest = new IngestLoad("127.0.0.1", relay.port(), Rig.TOKEN, Rig.EVENT, Rig.DRIVER, lines);
                 SpectatorLoad load = new SpectatorLoad("127.0.0.1", relay.port(), ids, spectators,
                         List.of(InetAddress.getByName("127.0.0.1"), InetAddress.getByName("127.0.0.2")), 0, 16)) {
                SpectatorLoad.Round first = load.connectAll(Duration.ofSeconds(20));
                assertEquals(spectators, first.ok(), "subscribed; first failure: " + first.firstError());
                assertEquals(0, first.failed());

                long sent = ingest.play(60, Duration.ofSeconds(1));
                assertTrue(sent >= 30, "the ingest load kept roughly its rate: " + sent);
                await().atMost(Duration.ofSeconds(30)).until(() -> load.window().updates() == sent * perGame);
                SpectatorLoad.Window w = load.window();
                assertEquals(sent * perGame, w.latencyMicros().getTotalCount(), "one latency sample per delivery");
                assertEquals(0, ingest.errors(), "every load move is legal: " + ingest.firstError());
                await().atMost(Duration.ofSeconds(30)).until(() -> ingest.acks() > 0);

                // everyone reconnects with its last version and still gets the next move live
                SpectatorLoad.Round again = load.connectAll(Duration.ofSeconds(20));
                assertEquals(spectators, again.ok(), "re-subscribed; first failure: " + again.firstError());
                load.reset();
                assertTrue(ingest.playOne("1"));
                await().atMost(Duration.ofSeconds(30)).until(() -> load.window().updates() == perGame);
                assertEquals(0, load.window().closedAfterSubscribe());
            }
        }
    }
}
