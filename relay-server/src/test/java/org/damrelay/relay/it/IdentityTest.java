package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.ResolveBlock;
import org.damrelay.proto.StreamNotice;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.Tokens;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A driver token is a driver's identity; one session per driver; conflicts, failures and audits are named. */
class IdentityTest {

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

    private static void awaitClose(WsClient c, int code, String reasonPart) {
        await().atMost(Duration.ofSeconds(30)).until(() -> c.closed.isDone());
        assertEquals(code, c.closeCode, "close reason: " + c.closeReason);
        assertTrue(c.closeReason.contains(reasonPart), c.closeReason);
    }

    /** An event under a seq of the test's choosing, past the test driver's own numbering. */
    private static void sendRaw(TestDriver d, String board, long seq, GameEvent e) {
        d.ws.sendBinary(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard(board).setSeq(seq)
                .setEvent(e)).build().toByteArray());
    }

    private static List<ArbiterMessage.Builder> alerts(TestArbiter a, EventType type) {
        return a.messages().stream().filter(m -> m.hasAlert() && m.getAlert().getEvent().getType() == type).toList();
    }

    @Test
    void anotherHallsTokenCannotSpeakForThisHall() throws Exception {
        TestDriver impostor = new TestDriver("hall", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port());
        impostor.send("101", Plays.event(Move.quiet(32, 28)));
        awaitClose(impostor.ws, 4403, "speaks for driver hall-b, not hall");
        assertEquals(0, (int) TestRelay.onRelay(relay, "nk-r1-b1", g -> g.version()));

        // and with its own identity it reaches only its own boards
        TestDriver hallB = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(relay.port());
        hallB.send("101", Plays.event(Move.quiet(32, 28)));
        await().atMost(Duration.ofSeconds(30)).until(() -> hallB.errors().size() == 1);
        assertEquals(IngestError.Code.UNKNOWN_BOARD, hallB.errors().get(0).getCode());
        hallB.send("103", Plays.event(Move.quiet(32, 28)));
        await().atMost(Duration.ofSeconds(30)).until(() -> hallB.acked("103") == 1);
        hallB.close();
    }

    @Test
    void aNewSessionOfTheSameDriverClosesTheOldOneWith4409() throws Exception {
        TestDriver first = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        first.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        TestDriver second = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        awaitClose(first.ws, 4409, "replaced by a newer session of driver hall");
        second.nextSeq.put("101", 1L);
        second.sendDurable("101", Plays.event(Move.quiet(19, 23)));
        second.close();
    }

    @Test
    void aSeqResentWithOtherContentIsRefusedNeverAckedAndTheArbiterIsTold() throws Exception {
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        GameEvent first = Plays.event(Move.quiet(32, 28));
        d.sendDurable("101", first);
        // the same seq 1, another move: what a second machine or a replaced outbox would send
        sendRaw(d, "101", 1, Plays.event(Move.quiet(31, 27)));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() == 1);
        IngestError e = d.errors().get(0);
        assertEquals(IngestError.Code.SEQUENCE_CONFLICT, e.getCode());
        assertEquals("101", e.getBoard());
        assertEquals(1, e.getSeq());
        assertTrue(e.getMessage().contains("board 101 seq 1"), e.getMessage());
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter, EventType.SEQUENCE_CONFLICT).size() == 1);
        assertEquals("32-28", TestRelay.snapshot(relay, "nk-r1-b1").getPlies(0).getNotation(), "what is stored stays");
        assertEquals(1, TestRelay.snapshot(relay, "nk-r1-b1").getPliesCount());
        // a retry of the conflict raises no second alert; an identical re-send is still a plain duplicate
        sendRaw(d, "101", 1, Plays.event(Move.quiet(31, 27)));
        sendRaw(d, "101", 1, first);
        await().atMost(Duration.ofSeconds(30)).until(() -> d.errors().size() >= 2);
        assertEquals(2, d.errors().size(), d.errors().toString());
        d.send("101", Plays.event(Move.quiet(19, 23)));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("101") == 2);
        assertEquals(1, alerts(arbiter, EventType.SEQUENCE_CONFLICT).size());
        arbiter.close();
        d.close();
    }

    @Test
    void failedAuthenticationsAreCountedPerAddressButNeverLockOutTheRightTokenThere() throws Exception {
        // twelve wrong tokens from the hall's one address: more than edge.authFailuresPerMinute (10)
        List<TestDriver> guesses = new ArrayList<>();
        for (int i = 0; i < 12; i++) guesses.add(new TestDriver("hall", "guess-" + i, "nk").connect(relay.port()));
        for (TestDriver guess : guesses) awaitClose(guess.ws, 4401, "unknown or revoked token");
        InetAddress hall = InetAddress.getByName("127.0.0.1");
        assertTrue(relay.core().authThrottle().failures(hall, System.currentTimeMillis()) >= 12);
        // the real driver and the real arbiter behind the same address are let in at once
        TestDriver right = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        right.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(ArbiterMessage.Builder::hasOk));
        // a wrong notation credential is a failed authentication like the others
        TestNotator phone = TestNotator.connect(relay.port(), "nk-r1-b1", "not-a-credential", 0);
        assertEquals(4401, phone.awaitClosed());
        assertTrue(relay.core().authThrottle().failures(hall, System.currentTimeMillis()) >= 13);
        arbiter.close();
        right.close();
    }

    @Test
    void tokensAreAddedAndRevokedWhileTheRelayRuns() throws Exception {
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        String newToken = "hall-new-secret";
        String yaml = TestRelay.yaml(dir, 0).replace("{name: hall, sha256: " + Tokens.sha256Hex(TestRelay.DRIVER_TOKEN) + "}",
                "{name: hall, sha256: " + Tokens.sha256Hex(TestRelay.DRIVER_TOKEN) + ", revoked: true}, {name: hall, sha256: "
                        + Tokens.sha256Hex(newToken) + "}");
        relay.reload(ConfigLoader.parse(yaml, null));
        awaitClose(d.ws, 4401, "token revoked");
        TestDriver old = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        awaitClose(old.ws, 4401, "unknown or revoked token");
        TestDriver renewed = new TestDriver("hall", newToken, "nk").connect(relay.port());
        renewed.nextSeq.put("101", 1L);
        renewed.sendDurable("101", Plays.event(Move.quiet(19, 23)));
        renewed.close();
    }

    @Test
    void theAuditLogNamesTheAuthenticatedArbiterNotTheClaimedOne() throws Exception {
        TestArbiter a = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "somebody-else");
        a.requestOk(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.DRAW)));
        await().atMost(Duration.ofSeconds(30)).until(() -> a.messages().stream().anyMatch(ArbiterMessage.Builder::hasAudit));
        AuditEntry entry = a.messages().stream().filter(ArbiterMessage.Builder::hasAudit).findFirst().orElseThrow().getAudit();
        assertEquals("chief", entry.getArbiter());
        a.close();
    }

    @Test
    void aBlockedBoardRaisesAnAlertWithTheReasonAndAGapCanBeResolved() throws Exception {
        TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
        TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
        d.send("101", Plays.event(Move.quiet(28, 17))); // not a move
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter, EventType.BOARD_BLOCKED).size() == 1);
        String text = alerts(arbiter, EventType.BOARD_BLOCKED).get(0).getAlert().getEvent().getText();
        assertTrue(text.contains("MOVE_REFUSED") && text.contains("seq 2"), text);
        // the parameters the pages word it from (issue 24): why, which seq, which board of which driver
        StreamNotice refused = alerts(arbiter, EventType.BOARD_BLOCKED).get(0).getAlert().getEvent().getStream();
        assertEquals(StreamNotice.Cause.REFUSED_EVENT, refused.getCause());
        assertEquals(2, refused.getSeq());
        assertEquals("MOVE_REFUSED", refused.getRefusal());
        assertEquals("hall", refused.getDriver());
        assertEquals("101", refused.getBoard());
        arbiter.requestOk(ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b1")));

        // the relay lost seqs 2..3 of board 102 (a repaired journal): the driver offers 4
        d.send("102", Plays.event(Move.quiet(32, 28)));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("102") == 1);
        sendRaw(d, "102", 4, Plays.event(Move.quiet(19, 23)));
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter, EventType.BOARD_BLOCKED).size() == 2);
        assertTrue(d.errors().stream().anyMatch(e -> e.getCode() == IngestError.Code.SEQUENCE_GAP));
        StreamNotice gap = alerts(arbiter, EventType.BOARD_BLOCKED).get(1).getAlert().getEvent().getStream();
        assertEquals(StreamNotice.Cause.SEQUENCE_GAP, gap.getCause());
        assertEquals(4, gap.getSeq());
        assertEquals(1, gap.getHeld(), "the relay holds board 102 up to seq 1");
        arbiter.requestOk(ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId("nk-r1-b2")));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("102") == 3);
        sendRaw(d, "102", 4, Plays.event(Move.quiet(19, 23)));
        await().atMost(Duration.ofSeconds(30)).until(() -> d.acked("102") == 4);
        assertEquals(2, (int) TestRelay.onRelay(relay, "nk-r1-b2", g -> g.live().plyCount()));
        arbiter.close();
        d.close();
    }
}
