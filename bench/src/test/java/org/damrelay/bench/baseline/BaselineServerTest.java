package org.damrelay.bench.baseline;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.bench.load.IngestLoad;
import org.damrelay.bench.load.Lines;
import org.damrelay.bench.load.SpectatorLoad;
import org.damrelay.draughts.rules.Move;
import org.junit.jupiter.api.Test;

/** The unchanged load against the baseline broadcaster, in process: every move reaches every subscriber of its game once. */
class BaselineServerTest {

    @Test
    void everyUpdateReachesEverySubscriberOnce() throws Exception {
        int games = 3, spectators = 30, perGame = spectators / games;
        try (BaselineServer server = BaselineServer.start("127.0.0.1", 0)) {
            Map<String, List<Move>> lines = new LinkedHashMap<>();
            for (int b = 1; b <= games; b++) lines.put(String.valueOf(b), Lines.longLine(b, 40, 3));
            List<String> ids = List.of("bench-r1-b1", "bench-r1-b2", "bench-r1-b3");
            try (IngestLoad ingest = new IngestLoad("127.0.0.1", server.port(), "any token", "bench", "load", lines);
                 SpectatorLoad load = new SpectatorLoad("127.0.0.1", server.port(), ids, spectators,
                         List.of(InetAddress.getByName("127.0.0.1")), 0, 8)) {
                SpectatorLoad.Round r = load.connectAll(Duration.ofSeconds(20));
                assertEquals(spectators, r.ok(), "subscribed; first failure: " + r.firstError());

                long sent = ingest.play(60, Duration.ofMillis(500));
                assertTrue(sent > 0);
                await().atMost(Duration.ofSeconds(20)).until(() -> load.updates() >= sent * perGame);
                assertEquals(sent * perGame, load.window().latencyMicros().getTotalCount(), "each once, with its latency");
                await().atMost(Duration.ofSeconds(10)).until(() -> ingest.acks() > 0);
                assertEquals(0, ingest.errors());

                // spectators added later get the next move too, and the earlier ones still only once
                assertEquals(0, load.connectMore(spectators, Duration.ofSeconds(5)).ok(), "all were connected already");
                load.reset();
                assertTrue(ingest.playOne("2"));
                await().atMost(Duration.ofSeconds(10)).until(() -> load.updates() == perGame);
            }
        }
    }
}
