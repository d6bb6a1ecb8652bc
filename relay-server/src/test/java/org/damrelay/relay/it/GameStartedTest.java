package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.Alert;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.Player;
import org.damrelay.proto.ResolveBlock;
import org.damrelay.proto.SetPairing;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A new game set up on a board mid-round: the old game stays, the arbiter is told, the board waits for the arbiter. */
class GameStartedTest {

    @TempDir Path dir;

    private static GameSnapshot snapshot(RelayServer relay, String gameId) throws Exception {
        return relay.core().executor().submit((Callable<GameSnapshot>) () -> relay.core().book().game(gameId).live().snapshot()).get();
    }

    private static WsClient arbiter(RelayServer relay) throws Exception {
        WsClient a = WsClient.connect(relay.port(), "/arbiter");
        a.sendJson(ArbiterRequest.newBuilder().setHello(ArbiterHello.newBuilder().setToken(TestRelay.ARBITER_TOKEN)
                .setEventId("nk").setArbiter("chief")).build());
        return a;
    }

    private static ArbiterMessage.Builder request(WsClient arbiter, ArbiterRequest.Builder r) {
        String id = "q" + System.nanoTime();
        arbiter.sendJson(r.setRequestId(id).build());
        await().atMost(Duration.ofSeconds(5)).until(() -> arbiter.json(ArbiterMessage::newBuilder).stream().anyMatch(m -> m.getRequestId().equals(id)));
        return arbiter.json(ArbiterMessage::newBuilder).stream().filter(m -> m.getRequestId().equals(id)).findFirst().orElseThrow();
    }

    private static GameEvent gameStarted() {
        return GameEvent.newBuilder().setType(EventType.GAME_STARTED).setCaptureTimeMs(System.currentTimeMillis())
                .setText("the pieces are set up for a new game; the previous game (4 plies) is closed").build();
    }

    private static long heldErrors(TestDriver d, String board) {
        return d.errors().stream().filter(e -> e.getBoard().equals(board) && e.getCode() == IngestError.Code.BOARD_HELD).count();
    }

    @Test
    void theNewGamesMovesWaitForThePairingAndThenGoToTheNewGameInOrder() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            WsClient arbiter = arbiter(relay);
            List<Move> first = Plays.line(4, 1), second = Plays.line(3, 2);
            for (Move m : first) d.send("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 4);
            assertTrue(request(arbiter, ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1")
                    .setResult(GameResult.WHITE_WINS))).hasOk());

            d.send("101", gameStarted());
            for (Move m : second) d.send("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 5 && heldErrors(d, "101") == 3);
            assertTrue(d.errors().stream().filter(e -> e.getCode() == IngestError.Code.BOARD_HELD)
                    .allMatch(e -> e.getMessage().contains("held since seq 5")), d.errors().toString());
            assertEquals(3, d.pending(), "kept events stay unacked in the driver's outbox");

            await().atMost(Duration.ofSeconds(5)).until(() -> arbiter.json(ArbiterMessage::newBuilder).stream()
                    .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.GAME_STARTED));
            Alert alert = arbiter.json(ArbiterMessage::newBuilder).stream()
                    .filter(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.GAME_STARTED).findFirst().orElseThrow().getAlert();
            assertEquals("nk-r1-b1", alert.getGameId());
            assertEquals(1, alert.getBoard());
            assertTrue(alert.getEvent().getText().contains("new game was set up on board 101"), alert.getEvent().getText());

            GameSnapshot old = snapshot(relay, "nk-r1-b1");
            assertEquals(4, old.getPliesCount(), "the finished game keeps its moves");
            assertEquals(GameResult.WHITE_WINS, old.getResult());

            // the arbiter pairs round 2 board 1 on this physical board: the kept moves go there, in order
            ArbiterMessage.Builder ok = request(arbiter, ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder()
                    .setInfo(GameInfo.newBuilder().setRound(2).setBoard(1).setWhite(Player.newBuilder().setName("C"))
                            .setBlack(Player.newBuilder().setName("D")).setSourceDriver("hall").setSourceBoard("101"))));
            assertTrue(ok.hasOk(), ok.toString());
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 8);
            GameSnapshot fresh = snapshot(relay, "nk-r2-b1");
            assertEquals(3, fresh.getPliesCount());
            for (int i = 0; i < 3; i++) assertEquals(second.get(i).from(), fresh.getPlies(i).getMove().getFrom());
            assertEquals(4, snapshot(relay, "nk-r1-b1").getPliesCount(), "nothing of the new game went to the old one");

            // and the board goes on normally
            d.send("101", Plays.event(Plays.line(4, 2).get(3)));
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 9);
            assertEquals(4, snapshot(relay, "nk-r2-b1").getPliesCount());

            // set up once more: resolving on the old game cannot take the board, it feeds nk-r2-b1 now
            d.send("101", gameStarted());
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("101") == 10);
            ArbiterMessage.Builder wrong = request(arbiter, ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b1")));
            assertEquals("BAD_REQUEST", wrong.getError().getCode());
            assertTrue(wrong.getError().getMessage().contains("feeds nk-r2-b1"), wrong.getError().getMessage());
            arbiter.close();
        }
    }

    @Test
    void theHoldSurvivesARestartAndResolveSendsTheKeptEventsToTheBoardsGame() throws Exception {
        RelayConfig config = TestRelay.config(dir, 0);
        List<Move> moves = Plays.line(2, 3);
        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            d.send("102", gameStarted());
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("102") == 1);
        }
        try (RelayServer relay = RelayServer.start(config);
             TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("102") == 1);
            d.nextSeq.put("102", 1L);
            for (Move m : moves) d.send("102", Plays.event(m));
            await().atMost(Duration.ofSeconds(5)).until(() -> heldErrors(d, "102") == 2);
            assertEquals(0, snapshot(relay, "nk-r1-b2").getPliesCount());

            WsClient arbiter = arbiter(relay);
            ArbiterMessage.Builder ok = request(arbiter, ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b2")));
            assertTrue(ok.hasOk(), ok.toString());
            await().atMost(Duration.ofSeconds(5)).until(() -> d.acked("102") == 3);
            GameSnapshot g = snapshot(relay, "nk-r1-b2");
            assertEquals(2, g.getPliesCount());
            assertEquals(moves.get(1).from(), g.getPlies(1).getMove().getFrom());
            arbiter.close();
        }
    }
}
