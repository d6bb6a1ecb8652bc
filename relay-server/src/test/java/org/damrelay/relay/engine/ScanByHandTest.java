package org.damrelay.relay.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.Evaluation;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay against Scan itself, built from source (docs/engine.md): skipped unless
 * {@code -Ddamrelay.scan=/path/to/scan} names the executable (with scan.ini and data/ beside it).
 */
class ScanByHandTest {

    @TempDir Path dir;

    @Test
    void scanEvaluatesReleasedPositions() throws Exception {
        String scan = System.getProperty("damrelay.scan", "");
        Assumptions.assumeTrue(!scan.isBlank() && Files.isExecutable(Path.of(scan)), "-Ddamrelay.scan=<scan executable> runs this against Scan");
        RelayServer relay = RelayServer.start(ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: 0}
                dataDir: %s
                events:
                  - id: nk
                    driverTokens: [{name: hall, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: 1}]
                    boards:
                      - {round: 1, board: 1, white: {name: A}, black: {name: B}, driver: hall, sourceBoard: "101"}
                """.formatted(dir.toAbsolutePath(), Tokens.sha256Hex("secret")), null)
                .withEngine(new EngineConfig(scan, List.of("hub"), 0.5, 0, 30, 10, Map.of("tt-size", "20", "book", "false"))));
        try (TestDriver driver = new TestDriver("hall", "secret", "nk").connect(relay.port());
             WsClient spectator = WsClient.connect(relay.port(), "/ws")) {
            spectator.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId("nk-r1-b1")).build());
            List<Move> line = Plays.line(10, 5);
            for (Move m : line) driver.sendDurable("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(60)).until(() -> spectator.json(SpectatorMessage::newBuilder).stream()
                    .anyMatch(m -> m.hasEvaluation() && m.getEvaluation().getPly() == line.size()));
            Evaluation e = spectator.json(SpectatorMessage::newBuilder).stream().filter(SpectatorMessage.Builder::hasEvaluation)
                    .map(SpectatorMessage.Builder::getEvaluation).filter(x -> x.getPly() == line.size()).findFirst().orElseThrow();
            Position p = Position.start();
            for (Move m : line) p = p.apply(m);
            assertEquals("Scan 3.1", e.getEngine());
            String first = e.getPv(0);
            assertTrue(Variant.INTERNATIONAL.legalMoves(p).stream().anyMatch(m -> (m.from() + (m.isCapture() ? "x" : "-") + m.to()).equals(first)),
                    "Scan's first move " + first + " is legal in " + p);
            System.out.println("Scan: " + e);
        } finally {
            relay.close();
        }
    }
}
