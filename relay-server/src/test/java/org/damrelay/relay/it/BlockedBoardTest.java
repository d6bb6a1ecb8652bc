package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.AcknowledgeAlert;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.BlockedBoard;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.ResolveBlock;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A board blocked by a refused move: the arbiter is told why, and resolving never throws a legal move away. */
class BlockedBoardTest {

    @TempDir Path dir;

    /** Board 101 of the hall, its game nk-r1-b1 at 1. 32-28. */
    private static TestDriver afterFirstMove(RelayServer relay) throws Exception {
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        return d;
    }

    private static String eventJson(RelayServer relay) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + relay.port() + "/api/events/nk")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void aMoveRefusedAfterAResultIsAppliedWhenTheArbiterReopensTheGameAndResolves() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
            TestDriver d = afterFirstMove(relay);
            // a result entered too early: the next move on the board is refused and blocks it
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.DRAW)));
            d.send("101", Plays.event(Move.quiet(19, 23)));
            await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() == 1);
            assertEquals(IngestError.Code.GAME_FINISHED, d.errors().get(0).getCode());
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                    .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.BOARD_BLOCKED
                            && m.getAlert().getEvent().getText().contains("GAME_FINISHED")));

            // the arbiter reopens the game and resolves the board: the refused move fits now and stands
            arbiter.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1")
                    .setResult(GameResult.RESULT_UNSPECIFIED)));
            arbiter.requestOk(ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b1")));
            await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 2);
            assertEquals(2, TestRelay.snapshot(relay, "nk-r1-b1").getPliesCount(), "the legal move was kept, not skipped");
            assertTrue(d.ws.received.stream().filter(byte[].class::isInstance).map(b -> {
                try {
                    return RelayFrame.parseFrom((byte[]) b);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).filter(RelayFrame::hasAck).noneMatch(f -> f.getAck().getSkipped()), "nothing was acked as skipped");
            d.close();
        }
    }

    @Test
    void theArbiterStreamTellsWhichBoardsAreBlockedAlsoToAConsoleOpenedLaterAndWhenOneIsReleased() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
            TestDriver d = afterFirstMove(relay);
            d.send("101", Plays.event(Move.quiet(28, 22))); // white again: refused, the board blocks
            await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() == 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                    .anyMatch(m -> m.hasBlocked() && m.getBlocked().getBlocked()));
            BlockedBoard live = arbiter.messages().stream().filter(ArbiterMessage.Builder::hasBlocked)
                    .map(ArbiterMessage.Builder::getBlocked).findFirst().orElseThrow();
            assertEquals("nk-r1-b1", live.getGameId());
            assertEquals(2, live.getSeq());
            assertTrue(live.getReason().startsWith(d.errors().get(0).getCode().name()), live.getReason());
            assertEquals(28, live.getRefused().getMove().getFrom(), "the refused event itself is told");
            // spectators read it as a paused game (issue 40): the event's JSON says so, without the why
            assertTrue(eventJson(relay).contains("\"gameId\":\"nk-r1-b1\"") && eventJson(relay).contains("\"paused\":true"), eventJson(relay));

            // a console opened (or reloaded) later hears it from the relay's state, not from a live alert
            try (TestArbiter later = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "deputy")) {
                await().atMost(Duration.ofSeconds(30)).until(() -> later.messages().stream()
                        .anyMatch(m -> m.hasBlocked() && m.getBlocked().equals(live)));
                arbiter.requestOk(ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b1")));
                await().atMost(Duration.ofSeconds(30)).until(() -> later.messages().stream()
                        .anyMatch(m -> m.hasBlocked() && !m.getBlocked().getBlocked() && m.getBlocked().getGameId().equals("nk-r1-b1")));
            }
            assertTrue(!eventJson(relay).contains("paused"), "released, the game is no longer paused: " + eventJson(relay));
            try (TestArbiter reloaded = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
                // the hello ends with the alerts and then the blocks; an ack of an unknown alert marks the end
                reloaded.request(ArbiterRequest.newBuilder().setAckAlert(AcknowledgeAlert.newBuilder().setAlertId(999_999)));
                assertTrue(reloaded.messages().stream().noneMatch(ArbiterMessage.Builder::hasBlocked), "a released board is no longer listed");
            }
            d.close();
        }
    }
}
