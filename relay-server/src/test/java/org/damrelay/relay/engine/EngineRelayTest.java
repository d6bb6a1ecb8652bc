package org.damrelay.relay.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.awaitility.core.ConditionFactory;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.Evaluation;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.EngineConfig;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay with the stand-in engine as a real process: positions reach the engine only once
 * released (after the round's delay), evaluations reach spectators, and a crashing, hanging or
 * babbling engine costs evaluations (an alert for the arbiter), never the broadcast.
 */
class EngineRelayTest {

    private static final String DRIVER_TOKEN = "driver-secret", ARBITER_TOKEN = "arbiter-secret";

    @TempDir Path dir;
    RelayServer relay;
    TestDriver driver;
    WsClient spectator;
    TestArbiter arbiter;

    private static ConditionFactory eventually() {
        return await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20));
    }

    private RelayConfig config(int delaySeconds, EngineConfig engine) {
        return ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: 0}
                dataDir: %s
                events:
                  - id: nk
                    driverTokens: [{name: hall, sha256: %s}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    rounds: [{number: 1, delaySeconds: %d}]
                    boards:
                      - {round: 1, board: 1, white: {name: A}, black: {name: B}, driver: hall, sourceBoard: "101"}
                      - {round: 1, board: 2, white: {name: C}, black: {name: D}, driver: hall, sourceBoard: "102"}
                      - {round: 1, board: 3, white: {name: E}, black: {name: F}, driver: hall, sourceBoard: "103", variant: frisian}
                """.formatted(dir.resolve("data").toAbsolutePath(), Tokens.sha256Hex(DRIVER_TOKEN), Tokens.sha256Hex(ARBITER_TOKEN), delaySeconds),
                null).withEngine(engine);
    }

    private void start(int delaySeconds, EngineConfig engine) throws Exception {
        relay = RelayServer.start(config(delaySeconds, engine));
        driver = new TestDriver("hall", DRIVER_TOKEN, "nk").connect(relay.port());
        arbiter = TestArbiter.connect(relay.port(), ARBITER_TOKEN, "nk", "chief");
        spectator = WsClient.connect(relay.port(), "/ws");
        spectator.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setEventId("nk").setRound(1)).build());
        eventually().until(() -> messages().stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
    }

    @AfterEach
    void stop() {
        if (spectator != null) spectator.close();
        if (arbiter != null) arbiter.close();
        if (driver != null) driver.close();
        if (relay != null) relay.close();
    }

    private List<SpectatorMessage.Builder> messages() {
        return spectator.json(SpectatorMessage::newBuilder);
    }

    private List<Evaluation> evaluations(String gameId) {
        return messages().stream().filter(SpectatorMessage.Builder::hasEvaluation).map(SpectatorMessage.Builder::getEvaluation)
                .filter(e -> e.getGameId().equals(gameId)).toList();
    }

    private Optional<Evaluation> evaluationAt(String gameId, int ply) {
        return evaluations(gameId).stream().filter(e -> e.getPly() == ply).reduce((a, b) -> b);
    }

    private List<RelayAlert> engineAlerts() {
        return arbiter.messages().stream().filter(ArbiterMessage.Builder::hasRelayAlert).map(ArbiterMessage.Builder::getRelayAlert)
                .filter(a -> a.getType() == RelayAlertType.ENGINE_FAILED).toList();
    }

    /** The positions the engine was given, with when it got them: "ms variant position". */
    private static List<String[]> engineLog(Path log) throws Exception {
        if (!Files.exists(log)) return List.of();
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().map(l -> l.split(" ")).toList();
    }

    private static Position after(List<Move> moves) {
        Position p = Position.start();
        for (Move m : moves) p = p.apply(m);
        return p;
    }

    /** The stand-in's score: material for the side to move, from White's view here. */
    private static int expectedScore(Position p) {
        int w = Long.bitCount(p.men(org.damrelay.draughts.rules.Color.WHITE)) + 3 * Long.bitCount(p.kings(org.damrelay.draughts.rules.Color.WHITE));
        int b = Long.bitCount(p.men(org.damrelay.draughts.rules.Color.BLACK)) + 3 * Long.bitCount(p.kings(org.damrelay.draughts.rules.Color.BLACK));
        return (w - b) * 100;
    }

    @Test
    void aPositionReachesTheEngineOnlyOnceReleasedAndItsEvaluationGoesToSpectators() throws Exception {
        Path log = dir.resolve("engine.log");
        int delay = 3;
        start(delay, StandInEngine.config(0.05, 10, "--log=" + log, "--name=Stand-in", "--version=2"));
        List<Move> line = Plays.line(8, 3);
        // the start position is released at once (nothing to hold back): evaluated, even
        eventually().until(() -> evaluationAt("nk-r1-b1", 0).isPresent());
        assertEquals(0, evaluationAt("nk-r1-b1", 0).get().getScore());
        assertEquals("Stand-in 2", evaluationAt("nk-r1-b1", 0).get().getEngine());

        for (int i = 0; i < line.size(); i++) {
            long sent = System.currentTimeMillis();
            driver.sendDurable("101", Plays.event(line.get(i)));
            Position p = after(line.subList(0, i + 1));
            String hub = HubBoard.position(p);
            int ply = i + 1;
            eventually().until(() -> evaluationAt("nk-r1-b1", ply).isPresent());
            Evaluation e = evaluationAt("nk-r1-b1", ply).get();
            assertEquals(Fen.write(p), e.getFen());
            assertEquals(expectedScore(p), e.getScore(), "the side to move's score turned into White's");
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            assertEquals(HubBoard.notation(hubMove(legal.get(0))), e.getPv(0), "the engine's line in notation");
            // the engine got this position no earlier than the round's delay after the move reached the relay
            String[] given = engineLog(log).stream().filter(l -> l[2].equals(hub)).findFirst().orElseThrow();
            assertTrue(Long.parseLong(given[0]) >= sent + delay * 1000L,
                    "position of ply " + ply + " analysed " + (Long.parseLong(given[0]) - sent) + " ms after its move was sent, inside the " + delay + " s delay");
            // and the spectators had the move itself before its evaluation
            List<SpectatorMessage.Builder> seen = messages();
            int update = indexOf(seen, m -> m.hasUpdate() && m.getUpdate().getGameId().equals("nk-r1-b1") && m.getUpdate().getVersion() == ply);
            int eval = indexOf(seen, m -> m.hasEvaluation() && m.getEvaluation().getGameId().equals("nk-r1-b1") && m.getEvaluation().getPly() == ply);
            assertTrue(update >= 0 && update < eval, "the move went out before its evaluation");
        }
        // a spectator who comes later gets the evaluations kept with the snapshot
        try (WsClient late = WsClient.connect(relay.port(), "/ws")) {
            late.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId("nk-r1-b1")).build());
            eventually().until(() -> late.json(SpectatorMessage::newBuilder).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
            assertEquals(line.size() + 1, late.json(SpectatorMessage::newBuilder).stream().filter(SpectatorMessage.Builder::hasEvaluation)
                    .filter(m -> m.getEvaluation().getGameId().equals("nk-r1-b1")).count());
        }
        assertTrue(engineAlerts().isEmpty(), "no alert while the engine answers: " + engineAlerts());
    }

    private static int indexOf(List<SpectatorMessage.Builder> seen, java.util.function.Predicate<SpectatorMessage.Builder> p) {
        for (int i = 0; i < seen.size(); i++) if (p.test(seen.get(i))) return i;
        return -1;
    }

    private static String hubMove(Move m) {
        if (!m.isCapture()) return m.from() + "-" + m.to();
        StringBuilder b = new StringBuilder().append(m.from()).append('x').append(m.to());
        for (int sq : m.capturedSquares()) b.append('x').append(sq);
        return b.toString();
    }

    @Test
    void aCrashIsAnAlertTheEngineComesBackAndTheBroadcastNeverWaits() throws Exception {
        Path crash = dir.resolve("crash");
        start(0, StandInEngine.config(0.05, 10, "--crash-file=" + crash));
        eventually().until(() -> evaluationAt("nk-r1-b1", 0).isPresent());
        Files.writeString(crash, "now");
        List<Move> line = Plays.line(4, 1);
        for (Move m : line) driver.sendDurable("101", Plays.event(m));
        // every move reaches spectators whatever the engine does
        eventually().until(() -> messages().stream().anyMatch(m -> m.hasUpdate() && m.getUpdate().getVersion() == line.size()));
        eventually().until(() -> engineAlerts().stream().anyMatch(a -> !a.getCleared() && a.getText().contains("exited with code 3")
                && a.getText().contains("it said: stand-in: crash file found")));
        // restarted: the newest position is evaluated, and the arbiters hear it is over
        eventually().until(() -> evaluationAt("nk-r1-b1", line.size()).isPresent());
        eventually().until(() -> engineAlerts().get(engineAlerts().size() - 1).getCleared());
        assertFalse(Files.exists(crash), "the stand-in crashed on the file");
    }

    @Test
    void aHungEngineIsKilledAndRestarted() throws Exception {
        Path hang = dir.resolve("hang");
        start(0, StandInEngine.config(0.05, 1, "--hang-file=" + hang));
        eventually().until(() -> evaluationAt("nk-r1-b1", 0).isPresent());
        Files.writeString(hang, "now");
        Move first = Plays.line(1, 0).get(0);
        driver.sendDurable("101", Plays.event(first));
        eventually().until(() -> engineAlerts().stream().anyMatch(a -> !a.getCleared() && a.getText().contains("no answer in time")));
        eventually().until(() -> evaluationAt("nk-r1-b1", 1).isPresent());
    }

    @Test
    void aSlowEngineGetsOnlyTheNewestPositionOfAGameAndTheMovesDoNotWaitForIt() throws Exception {
        Path log = dir.resolve("engine.log");
        Path hold = Files.writeString(dir.resolve("hold"), "hold");
        start(0, StandInEngine.config(0.05, 30, "--log=" + log, "--hold-file=" + hold));
        // the engine holds its answer on a start position
        eventually().until(() -> !engineLog(log).isEmpty());
        List<Move> line = Plays.line(4, 6);
        for (Move m : line) driver.sendDurable("101", Plays.event(m));
        // every move reaches the spectators while the engine is still silent
        eventually().until(() -> messages().stream().anyMatch(m -> m.hasUpdate() && m.getUpdate().getGameId().equals("nk-r1-b1")
                && m.getUpdate().getVersion() == line.size()));
        assertTrue(evaluations("nk-r1-b1").isEmpty() && evaluations("nk-r1-b2").isEmpty());
        Files.delete(hold);
        eventually().until(() -> evaluationAt("nk-r1-b1", line.size()).isPresent());
        for (int ply = 1; ply < line.size(); ply++) {
            String hub = HubBoard.position(after(line.subList(0, ply)));
            assertTrue(engineLog(log).stream().noneMatch(l -> l[2].equals(hub)), "ply " + ply + " was superseded by a newer position of its game");
            assertTrue(evaluationAt("nk-r1-b1", ply).isEmpty());
        }
        // board 2's start, waiting all along, is evaluated too
        eventually().until(() -> evaluationAt("nk-r1-b2", 0).isPresent());
    }

    @Test
    void nonsenseFromTheEngineIsNeverShown() throws Exception {
        start(0, StandInEngine.config(0.05, 10, "--garbage=true"));
        List<Move> line = Plays.line(3, 2);
        for (Move m : line) driver.sendDurable("101", Plays.event(m));
        eventually().until(() -> evaluationAt("nk-r1-b1", 3).isPresent());
        for (Evaluation e : evaluations("nk-r1-b1")) {
            Position p = Fen.parse(e.getFen());
            assertEquals(expectedScore(p), e.getScore(), "only the readable info line counts: " + e);
            assertFalse(e.getPvList().isEmpty());
        }
        assertTrue(engineAlerts().isEmpty(), "nonsense lines are skipped, not a failure: " + engineAlerts());
    }

    @Test
    void frisianGamesOnlyByAnEngineThatPlaysFrisian() throws Exception {
        Path log = dir.resolve("engine.log");
        start(0, StandInEngine.config(0.05, 10, "--log=" + log, "--variants=normal killer"));
        eventually().until(() -> evaluationAt("nk-r1-b1", 0).isPresent() && evaluationAt("nk-r1-b2", 0).isPresent());
        Move m = Plays.line(1, 0).get(0);
        driver.sendDurable("101", Plays.event(m));
        eventually().until(() -> evaluationAt("nk-r1-b1", 1).isPresent());
        assertTrue(evaluations("nk-r1-b3").isEmpty(), "no evaluation of the Frisian game");
        assertTrue(engineLog(log).stream().noneMatch(l -> l[1].equals("FRISIAN")));
        relay.close();
        driver.close();
        spectator.close();
        arbiter.close();

        Path log2 = dir.resolve("engine2.log");
        relay = null;
        dir = Files.createDirectories(dir.resolve("second"));
        start(0, StandInEngine.config(0.05, 10, "--log=" + log2, "--variants=normal frisian"));
        eventually().until(() -> evaluationAt("nk-r1-b3", 0).isPresent());
        assertTrue(engineLog(log2).stream().anyMatch(l -> l[1].equals("FRISIAN")), "the Frisian game went to an engine set to frisian");
    }

    @Test
    void switchedOffTheSpectatorsAreToldAndNothingMoreIsEvaluated() throws Exception {
        Path log = dir.resolve("engine.log");
        RelayConfig on = config(0, StandInEngine.config(0.05, 10, "--log=" + log));
        start(0, on.engine());
        eventually().until(() -> evaluationAt("nk-r1-b1", 0).isPresent());
        relay.reload(on.withEngine(EngineConfig.OFF));
        eventually().until(() -> messages().stream().anyMatch(SpectatorMessage.Builder::hasEngineOff));
        int given = engineLog(log).size();
        List<Move> line = Plays.line(2, 0);
        for (Move m : line) driver.sendDurable("101", Plays.event(m));
        eventually().until(() -> messages().stream().anyMatch(m -> m.hasUpdate() && m.getUpdate().getVersion() == line.size()));
        assertTrue(evaluationAt("nk-r1-b1", 2).isEmpty());
        assertEquals(given, engineLog(log).size(), "the engine got no position after it was switched off");
        // and on again: the newest position is evaluated
        relay.reload(on);
        eventually().until(() -> evaluationAt("nk-r1-b1", 2).isPresent());
    }

    @Test
    void anEngineThatCannotStartIsAnAlertInWords() throws Exception {
        start(0, new EngineConfig(dir.resolve("no-such-engine").toString(), List.of("hub"), 0.1, 0, 5, 1, Map.of()));
        eventually().until(() -> engineAlerts().stream().anyMatch(a -> a.getText().contains("cannot start")));
        Move m = Plays.line(1, 0).get(0);
        driver.sendDurable("101", Plays.event(m));
        eventually().until(() -> messages().stream().anyMatch(x -> x.hasUpdate() && x.getUpdate().getVersion() == 1));
    }
}
