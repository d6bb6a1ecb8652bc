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
        Rig.Setup setup = new Rig.Setup(games, perGame, 1, 0, 16, 2, 40, List.of(), dir, true).withWarmUpBoards(2);
        try (RelayServer relay = RelayServer.start(ConfigLoader.parse(Rig.config(setup, dir.resolve("data")), null))) {
            Map<String, List<Move>> lines = new LinkedHashMap<>(), warmUpLines = new LinkedHashMap<>();
            for (int b = 1; b <= games; b++) lines.put(String.valueOf(b), Lines.longLine(b, 40, 3));
            for (int w = 1; w <= 2; w++) warmUpLines.put(String.valueOf(Rig.WARM_UP_BOARD_BASE + w), Lines.longLine(w, 400, 1));
            int warmUpPlies = warmUpLines.values().stream().mapToInt(List::size).sum();
            List<String> ids = List.of(Rig.gameId(1), Rig.gameId(2), Rig.gameId(3), Rig.gameId(4), Rig.gameId(5));
            try (IngestLoad ingest = new IngestLoad("127.0.0.1", relay.port(), Rig.TOKEN, Rig.EVENT, Rig.DRIVER, lines, warmUpLines);
                 SpectatorLoad load = new SpectatorLoad("127.0.0.1", relay.port(), ids, spectators,
                         List.of(InetAddress.getByName("127.0.0.1"), InetAddress.getByName("127.0.0.2")), 0, 16)) {
                SpectatorLoad.Round first = load.connectAll(Duration.ofSeconds(20));
                assertEquals(spectators, first.ok(), "subscribed; first failure: " + first.firstError());
                assertEquals(0, first.failed());

                // the warm-up boards' whole games go to their own boards: accepted, played out, shown to no watcher
                assertEquals(warmUpPlies, ingest.warmUp(2_000, Duration.ofSeconds(20)), "played out before the time was up");
                assertEquals(lines.values().stream().mapToInt(List::size).sum(), ingest.remaining(), "the watched boards' moves are left for the measurement");
                await().atMost(Duration.ofSeconds(30)).until(() -> ingest.acks() > 0);
                assertEquals(0, ingest.errors(), "the warm-up games are legal to the relay: " + ingest.firstError());
                assertEquals(0, load.window().updates(), "no spectator watches a warm-up board");

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
