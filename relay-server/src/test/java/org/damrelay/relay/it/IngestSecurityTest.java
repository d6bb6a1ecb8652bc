package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.Hello;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.ResolveBlock;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.game.GameRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Everything a hostile or broken client can send is refused with the documented code, and no game changes. */
class IngestSecurityTest {

    @TempDir Path dir;
    RelayServer relay;

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(TestRelay.config(dir, 0));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    private int versionOf(String gameId) throws Exception {
        return relay.core().executor().submit((Callable<Integer>) () -> relay.core().book().game(gameId).version()).get();
    }

    private WsClient helloWith(String token, String event) throws Exception {
        WsClient c = WsClient.connect(relay.port(), "/ingest");
        Hello.Builder h = Hello.newBuilder().setProtocolVersion(1).setEventId(event).setDriverId("hall");
        if (token != null) h.setToken(token);
        c.sendBinary(DriverFrame.newBuilder().setHello(h).build().toByteArray());
        // a move right behind the hello: must never be applied when the hello is refused
        c.sendBinary(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard("101").setSeq(1)
                .setEvent(Plays.event(Move.quiet(32, 28)))).build().toByteArray());
        return c;
    }

    private static void assertClosed(WsClient c, int code, String reasonPart) {
        await().atMost(Duration.ofSeconds(30)).until(() -> c.closed.isDone());
        assertEquals(code, c.closeCode, "close reason: " + c.closeReason);
        assertTrue(c.closeReason.contains(reasonPart), c.closeReason);
    }

    @Test
    void noTokenWrongTokenRevokedTokenAndAnotherEventsTokenAreRefused() throws Exception {
        assertClosed(helloWith(null, "nk"), 4401, "missing token");
        assertClosed(helloWith("guess", "nk"), 4401, "unknown or revoked token");
        assertClosed(helloWith("revoked-secret", "nk"), 4401, "unknown or revoked token");
        assertClosed(helloWith(TestRelay.OTHER_TOKEN, "nk"), 4403, "not valid for event nk");
        assertEquals(0, versionOf("nk-r1-b1"));
    }

    @Test
    void malformedProtobufAndFramesBeforeHelloAreRefused() throws Exception {
        WsClient garbage = WsClient.connect(relay.port(), "/ingest");
        garbage.sendBinary(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01, 0x02});
        assertClosed(garbage, 4400, "malformed frame");

        WsClient noHello = WsClient.connect(relay.port(), "/ingest");
        noHello.sendBinary(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard("101").setSeq(1)
                .setEvent(Plays.event(Move.quiet(32, 28)))).build().toByteArray());
        assertClosed(noHello, 4400, "first frame must be a hello");

        WsClient text = WsClient.connect(relay.port(), "/ingest");
        text.sendText("{\"hello\":{}}");
        assertClosed(text, 4400, "binary");
        assertEquals(0, versionOf("nk-r1-b1"));
    }

    @Test
    void oversizedFramesAreRefusedWith1009() throws Exception {
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        await().atMost(Duration.ofSeconds(30)).until(() -> d.poll().size() + d.ws.received.size() > 0);
        d.ws.sendFrame(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(new byte[20_000])));
        assertClosed(d.ws, 1009, "");
        assertEquals(0, versionOf("nk-r1-b1"));
    }

    @Test
    void spectatorsCannotSendMovesAndSubscriptionFloodsAreCut() throws Exception {
        WsClient s = WsClient.connect(relay.port(), "/ws");
        s.sendBinary(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard("101").setSeq(1)
                .setEvent(Plays.event(Move.quiet(32, 28)))).build().toByteArray());
        assertClosed(s, 4400, "JSON text frames");

        WsClient json = WsClient.connect(relay.port(), "/ws");
        json.sendText("{\"move\": {\"from\": 32, \"to\": 28}}");
        assertClosed(json, 4400, "not a SpectatorRequest");

        WsClient flood = WsClient.connect(relay.port(), "/ws");
        for (int i = 0; i < 30; i++) {
            flood.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId("nk-r1-b1")).build());
        }
        assertClosed(flood, 4429, "messages per second");

        WsClient many = WsClient.connect(relay.port(), "/ws");
        for (String g : List.of("nk-r1-b1", "nk-r1-b2", "nk-r1-b3", "nk-r2-b1", "other-r1-b1")) {
            many.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setGameId(g)).build());
        }
        many.sendJson(SpectatorRequest.newBuilder().setSubscribe(Subscribe.newBuilder().setEventId("nk")).build());
        assertClosed(many, 4429, "subscriptions");
        assertEquals(0, versionOf("nk-r1-b1"));
    }

    @Test
    void unknownBoardsAndMovesTheRulesRefuseBlockTheBoardUntilTheArbiterResolves() throws Exception {
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        d.send("999", Plays.event(Move.quiet(32, 28)));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() == 1);
        assertEquals(IngestError.Code.UNKNOWN_BOARD, d.errors().get(0).getCode());

        d.send("101", Plays.event(Move.quiet(32, 28)));
        d.send("101", Plays.event(Move.quiet(19, 24)));
        d.send("101", Plays.event(Move.quiet(28, 17)));  // not a move at all
        d.send("101", Plays.event(Move.quiet(37, 32)));  // behind the refused one
        await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() == 3);
        IngestError refused = d.errors().get(1);
        assertEquals(IngestError.Code.MOVE_REFUSED, refused.getCode());
        assertEquals(3, refused.getSeq());
        assertTrue(refused.getMessage().contains("28-17"), refused.getMessage());
        assertEquals(IngestError.Code.BOARD_BLOCKED, d.errors().get(2).getCode());
        assertEquals(3, versionOf("nk-r1-b1"), "two moves and the BOARD_BLOCKED alert");
        assertEquals(2, d.acked("101"));

        WsClient arbiter = WsClient.connect(relay.port(), "/arbiter");
        arbiter.sendJson(ArbiterRequest.newBuilder().setHello(ArbiterHello.newBuilder().setToken(TestRelay.ARBITER_TOKEN)
                .setEventId("nk").setArbiter("chief")).build());
        arbiter.sendJson(ArbiterRequest.newBuilder().setRequestId("r").setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b1")).build());
        // the refused seq is acked as skipped; the re-sent seq 4 (37-32) then goes through
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") >= 3);
        d.ws.sendBinary(DriverFrame.newBuilder().setEvent(d.outbox.get("101").get(4L)).build().toByteArray());
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 4);
        assertEquals(4, versionOf("nk-r1-b1"));
        assertTrue(arbiter.json(ArbiterMessage::newBuilder).stream().anyMatch(m -> m.getRequestId().equals("r") && m.hasOk()));
        arbiter.close();
        d.close();
    }
}
