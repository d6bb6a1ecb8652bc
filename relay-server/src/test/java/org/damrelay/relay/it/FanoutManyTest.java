package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many spectators on several event loops all get every update, in order, once; and the same on
 * one event loop that also runs the core (eventLoops: 1, a one-processor relay), where the core
 * writes to the sockets itself.
 */
class FanoutManyTest {

    private static final int SPECTATORS = 100, PLIES = 30;

    @TempDir Path dir;

    @ParameterizedTest(name = "eventLoops {0}")
    @ValueSource(ints = {0, 1})
    void everySpectatorGetsEveryUpdateInOrderExactlyOnce(int eventLoops) throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0).withEventLoops(eventLoops));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            List<WsClient> spectators = new ArrayList<>();
            for (int i = 0; i < SPECTATORS; i++) {
                // a mix of scopes: each must get the game's updates once, whatever it subscribed to
                Subscribe s = switch (i % 3) {
                    case 0 -> Subscribe.newBuilder().setGameId("nk-r1-b1").build();
                    case 1 -> Subscribe.newBuilder().setEventId("nk").setRound(1).build();
                    default -> Subscribe.newBuilder().setEventId("nk").build();
                };
                spectators.add(SpectatorFlowTest.spectator(relay.port(), s));
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> spectators.stream()
                    .allMatch(c -> c.texts().stream().anyMatch(t -> t.startsWith("{\"subscribed\""))));
            List<Move> moves = Plays.line(PLIES, 6);
            for (Move m : moves) d.send("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(20)).until(() -> d.acked("101") == PLIES);
            // cheap while polling: count the update frames of the game without parsing them
            await().atMost(Duration.ofSeconds(20)).until(() -> spectators.stream().allMatch(c -> c.texts().stream()
                    .filter(t -> t.startsWith("{\"update\":{\"gameId\":\"nk-r1-b1\"")).count() >= PLIES));
            for (WsClient c : spectators) {
                List<Integer> versions = SpectatorFlowTest.messages(c).stream()
                        .filter(m -> m.hasUpdate() && m.getUpdate().getGameId().equals("nk-r1-b1"))
                        .map(m -> m.getUpdate().getVersion()).toList();
                List<Integer> expected = new ArrayList<>();
                for (int v = 1; v <= PLIES; v++) expected.add(v);
                assertEquals(expected, versions);
            }
            spectators.forEach(WsClient::close);
        }
    }
}
