package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.proto.Unsubscribe;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Overlapping scopes: an update reaches a spectator once however many of its scopes hold the game. */
class FanoutScopesTest {

    @TempDir Path dir;

    private static List<Integer> versions(WsClient c, String gameId) {
        return SpectatorFlowTest.messages(c).stream().filter(SpectatorMessage.Builder::hasUpdate)
                .filter(m -> m.getUpdate().getGameId().equals(gameId)).map(m -> m.getUpdate().getVersion()).toList();
    }

    private static long subscribed(WsClient c) {
        return SpectatorFlowTest.messages(c).stream().filter(SpectatorMessage.Builder::hasSubscribed).count();
    }

    @Test
    void aSpectatorOfTheGameItsRoundAndItsEventGetsEachUpdateOnce() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0))) {
            TestDriver driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            WsClient all = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
            all.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setEventId("nk").setRound(1)).build());
            all.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setEventId("nk")).build());
            WsClient event = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setEventId("nk").build());
            await().atMost(Duration.ofSeconds(5)).until(() -> subscribed(all) == 3 && subscribed(event) == 1);

            List<Move> moves = Plays.line(3, 1);
            for (Move m : moves) driver.send("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(10)).until(() -> versions(all, "nk-r1-b1").size() >= 3 && versions(event, "nk-r1-b1").size() >= 3);

            // leaving the game scope keeps the round's and the event's: still once each
            all.sendJson(SpectatorRequest.newBuilder().setUnsubscribe(Unsubscribe.newBuilder().setGameId("nk-r1-b1")).build());
            driver.send("101", Plays.event(Plays.line(4, 1).get(3)));
            await().atMost(Duration.ofSeconds(10)).until(() -> versions(event, "nk-r1-b1").size() >= 4);
            await().atMost(Duration.ofSeconds(5)).until(() -> versions(all, "nk-r1-b1").size() >= 4);
            assertEquals(List.of(1, 2, 3, 4), versions(all, "nk-r1-b1"));
            assertEquals(List.of(1, 2, 3, 4), versions(event, "nk-r1-b1"));

            // leaving the other two as well: nothing more, though the event's other spectator still gets it
            all.sendJson(SpectatorRequest.newBuilder().setUnsubscribe(Unsubscribe.newBuilder().setEventId("nk").setRound(1)).build());
            all.sendJson(SpectatorRequest.newBuilder().setUnsubscribe(Unsubscribe.newBuilder().setEventId("nk")).build());
            // the relay handles one connection's requests in order: once a later subscription of the same
            // connection is answered, both unsubscriptions have been applied
            all.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId("nk-r1-b2")).build());
            await().atMost(Duration.ofSeconds(5)).until(() -> subscribed(all) == 4);
            driver.send("101", Plays.event(Plays.line(5, 1).get(4)));
            await().atMost(Duration.ofSeconds(10)).until(() -> versions(event, "nk-r1-b1").size() >= 5);
            assertEquals(List.of(1, 2, 3, 4), versions(all, "nk-r1-b1"), "no scope of game 1 left");
            all.close();
            event.close();
            driver.close();
        }
    }
}
