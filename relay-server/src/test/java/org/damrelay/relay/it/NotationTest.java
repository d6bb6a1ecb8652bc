package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.Alert;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.Hello;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.NotationState;
import org.damrelay.proto.NotatorName;
import org.damrelay.proto.ResolveBlock;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.ResultConfirmed;
import org.damrelay.proto.Side;
import org.damrelay.proto.StopNotation;
import org.damrelay.proto.TimeEntry;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.game.Pdn;
import org.damrelay.relay.notation.NotationService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Digital notation through the relay: credentials, entries on the ingest path, undo, stop, result, one game only. */
class NotationTest {

    static final String G1 = "nk-r1-b1", G2 = "nk-r1-b2", SENSOR = "nk-r1-b3", ENDGAME = "nk-r1-b4";

    @TempDir Path dir;
    RelayServer relay;
    TestArbiter arbiter;

    static String yaml(Path dataDir, int port) {
        return """
                listen: {host: 127.0.0.1, port: %d}
                dataDir: %s
                limits: {helloTimeoutMillis: 3000}
                events:
                  - id: nk
                    driverTokens: [{name: hall, sha256: %s}]
                    arbiterTokens: [{name: chief, sha256: %s}]
                    boards:
                      - {round: 1, board: 1, white: {name: Roel Boomstra}, black: {name: Jan Groenendijk}, timeControl: "5400+60"}
                      - {round: 1, board: 2, white: {name: Pim Meurs}, black: {name: Hein Meijer}}
                      - {round: 1, board: 3, white: {name: A}, black: {name: B}, driver: hall, sourceBoard: "103"}
                      - {round: 1, board: 4, white: {name: K}, black: {name: L}, startFen: "W:WK46,28,33:BK5,23"}
                """.formatted(port, dataDir.toAbsolutePath(), Tokens.sha256Hex(TestRelay.DRIVER_TOKEN), Tokens.sha256Hex(TestRelay.ARBITER_TOKEN));
    }

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(ConfigLoader.parse(yaml(dir, 0), null));
        arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "J. Jansen");
    }

    @AfterEach
    void stop() {
        arbiter.close();
        relay.close();
    }

    static Move first(Position p, int from, int to) {
        return Variant.INTERNATIONAL.legalMoves(p).stream().filter(m -> m.from() == from && m.to() == to).findFirst().orElseThrow();
    }

    @Test
    void entriesGoThroughIngestAndJournalAndSurviveARestart() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_OPTIONAL);
        assertTrue(c.getLink().startsWith("http://relay.test/notate.html#game=" + G1 + "&key="), c.getLink());
        assertTrue(c.getQrSvg().startsWith("<svg") && c.getQrSvg().contains("<path d=\"M"), "a QR code drawn as SVG");
        try (TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            await().atMost(Duration.ofSeconds(30)).until(() -> phone.state() != null);
            assertEquals(0, phone.state().getAcked());
            assertEquals(NotationState.NOTATED, phone.state().getSnapshot().getInfo().getNotation());
            assertTrue(phone.request(DeviceRequest.newBuilder().setNotator(NotatorName.newBuilder().setName(" Roel  Boomstra "))).hasOk()); // typed with a double space: stored single-spaced
            Position p = Position.start();
            Move m1 = first(p, 32, 28);
            phone.move(m1, Clock.newBuilder().setWhiteMs(5_390_000).setBlackMs(5_400_000).build());
            p = p.apply(m1);
            Move m2 = first(p, 19, 23);
            long s2 = phone.move(m2, null);
            phone.awaitAcked(s2);
            GameSnapshot snap = phone.state().getSnapshot();
            assertEquals(List.of("32-28", "19-23"), snap.getPliesList().stream().map(x -> x.getNotation()).toList());
            assertEquals(5_390_000, snap.getPlies(0).getClock().getWhiteMs(), "the entered time is kept with the move");
            assertEquals("Roel Boomstra", snap.getInfo().getNotator());
        }
        relay.close();
        relay = RelayServer.start(ConfigLoader.parse(yaml(dir, 0), null));
        arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "J. Jansen");
        GameSnapshot after = TestRelay.snapshot(relay, G1);
        assertEquals(2, after.getPliesCount(), "journaled like a sensor board's moves");
        assertEquals("Roel Boomstra", after.getInfo().getNotator());
        String pdn = TestRelay.onRelay(relay, G1, g -> Pdn.write(g.live().snapshot(), "NK", "", null));
        assertTrue(pdn.contains("[Notator \"Roel Boomstra\"]"), pdn);
        assertTrue(pdn.contains("32-28 {[%clock w1:29:50 b1:30:00]}"), "the entered remaining times are in the PDN: " + pdn);
    }

    @Test
    void aReSentEntryIsNotDuplicatedAndAnIllegalOneIsRefused() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_OFF);
        Move m1 = first(Position.start(), 32, 28);
        try (TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            phone.awaitAcked(phone.move(m1, null));
        }
        // the page reloaded before it saw the ack: it sends seq 1 again, then seq 2 (an illegal one)
        try (TestNotator again = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            again.move(m1, null);
            again.awaitAcked(1);
            again.move(Move.quiet(31, 27), null);
            await().atMost(Duration.ofSeconds(30)).until(() -> again.messages().stream().anyMatch(DeviceMessage.Builder::hasError));
            DeviceMessage.Builder err = again.messages().stream().filter(DeviceMessage.Builder::hasError).findFirst().orElseThrow();
            assertEquals("MOVE_REFUSED", err.getError().getCode());
            await().atMost(Duration.ofSeconds(30)).until(() -> again.state().getRefused() == 2);
            assertEquals(1, TestRelay.snapshot(relay, G1).getPliesCount());
        }
    }

    @Test
    void undoTakesBackTheLastEntryOnceAndIsAudited() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_OFF);
        try (TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            Move m1 = first(Position.start(), 32, 28);
            phone.move(m1, null);
            long u = phone.undo();
            phone.awaitAcked(u);
            assertEquals(0, phone.state().getSnapshot().getPliesCount());
            assertFalse(phone.state().getUndoable());
            phone.undo();
            await().atMost(Duration.ofSeconds(30)).until(() -> phone.state().getRefused() == 3);
            assertTrue(phone.state().getRefusedReason().contains("undo refused"), phone.state().getRefusedReason());
            // the arbiter releases the board: the device hears that the refused entry is done with
            arbiter.requestOk(ArbiterRequest.newBuilder().setResolve(ResolveBlock.newBuilder().setGameId(G1)));
            await().atMost(Duration.ofSeconds(30)).until(() -> phone.state().getAcked() == 3 && phone.state().getRefused() == 0);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                .anyMatch(m -> m.hasAudit() && m.getAudit().getAction().startsWith("UNDO ply 1")));
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.BOARD_BLOCKED
                        && m.getAlert().getEvent().getText().contains("undo refused")));
        // the notator's own correction of a slip is no irregularity (SWR 7.2): no alert, only the audit
        assertTrue(arbiter.messages().stream().noneMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.MOVE_RETRACTED),
                "an undo on the notation device raises no 'move taken back' alert");
    }

    @Test
    void aFailedSensorBoardIsSwitchedToPhoneNotationFromItsPositionAndBack() throws Exception {
        List<Move> line = Plays.line(4, 3);
        try (TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
            hall.sendDurable("103", Plays.event(line.get(0)));
            hall.sendDurable("103", Plays.event(line.get(1)));

            // the board stops reporting: the arbiter switches its game to a phone, from where it stands
            NotationCredential c = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                    .setGameId(SENSOR).setAction(NotationRequest.Action.SWITCH_TO_NOTATION).setTimes(TimeEntry.TIMES_OFF)
                    .setBaseUrl("http://relay.test").setReason("board 3 stopped reporting"))).getNotation();
            GameInfo switched = TestRelay.snapshot(relay, SENSOR).getInfo();
            assertEquals(NotationState.NOTATED, switched.getNotation());
            assertFalse(switched.getSensorBoard(), "the console now offers it a notation link");
            assertEquals("hall/103", switched.getSwitchedFromDriver() + "/" + switched.getSwitchedFromBoard());
            try (TestNotator phone = TestNotator.connect(relay.port(), SENSOR, TestNotator.key(c), 0)) {
                await().atMost(Duration.ofSeconds(30)).until(() -> phone.state() != null);
                assertEquals(2, phone.state().getSnapshot().getPliesCount(), "the phone goes on from the board's position");
                phone.awaitAcked(phone.move(line.get(2), null));
                assertEquals(3, TestRelay.snapshot(relay, SENSOR).getPliesCount());

                // the board works again: back to it; the phone's credential ends
                ArbiterMessage.Builder back = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                        .setGameId(SENSOR).setAction(NotationRequest.Action.SWITCH_TO_SENSOR).setReason("board 3 replaced")));
                assertTrue(back.getNotation().getRevoked(), back.toString());
                assertEquals(NotationService.SWITCHED_TO_SENSOR, phone.awaitClosed(), "the phone page says why in its own language");
            }
            GameInfo restored = TestRelay.snapshot(relay, SENSOR).getInfo();
            assertTrue(restored.getSensorBoard());
            assertEquals("hall/103", restored.getSourceDriver() + "/" + restored.getSourceBoard());
            assertEquals(NotationState.NOTATION_STATE_UNSPECIFIED, restored.getNotation());
            assertEquals("", restored.getSwitchedFromDriver());
            assertTrue(restored.getSensorRestoring(), "spectators see the board being restored");
            List<Assignment> assignments = new java.util.ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                hall.poll().stream().filter(RelayFrame::hasAssignment).map(RelayFrame::getAssignment)
                        .filter(x -> x.getBoard().equals("103")).forEach(assignments::add);
                return !assignments.isEmpty();
            });
            Assignment told = assignments.get(assignments.size() - 1);
            assertEquals(3, told.getResume().getPly(), "the driver is told the position the phone left: " + told);
            // an event the driver made before the switch back is not taken; its resumed one is, over the seqs it dropped
            hall.send("103", Plays.event(line.get(2)));
            await().atMost(Duration.ofSeconds(30)).until(() -> hall.errors().stream().anyMatch(e -> e.getMessage().contains("being restored")));
            hall.sendResumed("103", Plays.event(line.get(3)), 5);
            assertEquals(4, TestRelay.snapshot(relay, SENSOR).getPliesCount());
            assertFalse(TestRelay.snapshot(relay, SENSOR).getInfo().getSensorRestoring(), "the board took over");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().filter(m -> m.hasAudit()
                && m.getAudit().getAction().startsWith("SWITCH")).count() == 2);
        // a game that never had a sensor board is not switched; nor is one that was not switched away
        assertTrue(arbiter.request(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder().setGameId(G1)
                .setAction(NotationRequest.Action.SWITCH_TO_NOTATION))).getError().getMessage().contains("not fed by a sensor board"));
        assertTrue(arbiter.request(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder().setGameId(SENSOR)
                .setAction(NotationRequest.Action.SWITCH_TO_SENSOR))).getError().getMessage().contains("was not switched"));
    }

    @Test
    void aCredentialNotatesItsOwnGameOnlyAndTheArbiterCanRevokeIt() throws Exception {
        NotationCredential c1 = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_OFF);
        TestNotator.issue(arbiter, G2, TimeEntry.TIMES_OFF);
        try (TestNotator wrong = TestNotator.connect(relay.port(), G2, TestNotator.key(c1), 0)) {
            assertEquals(4403, wrong.awaitClosed());
            assertTrue(wrong.messages().stream().noneMatch(DeviceMessage.Builder::hasState), "nothing of another game is sent");
        }
        try (TestNotator forged = TestNotator.connect(relay.port(), G1, "not-the-key", 0)) {
            assertEquals(4401, forged.awaitClosed());
        }
        TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c1), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> phone.state() != null);
        arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder().setGameId(G1)
                .setAction(NotationRequest.Action.REVOKE)));
        assertEquals(4401, phone.awaitClosed());
        assertTrue(phone.closeReason().contains("revoked"), phone.closeReason());
        try (TestNotator later = TestNotator.connect(relay.port(), G1, TestNotator.key(c1), 0)) {
            assertEquals(4401, later.awaitClosed());
        }
        // a sensor board is not notated; a driver cannot pose as a notation device
        ArbiterMessage.Builder refused = arbiter.request(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                .setGameId(SENSOR).setAction(NotationRequest.Action.ISSUE)));
        assertTrue(refused.hasError() && refused.getError().getMessage().contains("sensor board"), refused.toString());
        // what the console's notation links filter by: only the boards without sensors get one
        assertTrue(TestRelay.snapshot(relay, SENSOR).getInfo().getSensorBoard());
        assertFalse(TestRelay.snapshot(relay, G1).getInfo().getSensorBoard());
        assertFalse(TestRelay.snapshot(relay, G2).getInfo().getSensorBoard());
        WsClient fake = WsClient.connect(relay.port(), "/ingest");
        fake.sendBinary(DriverFrame.newBuilder().setHello(Hello.newBuilder().setProtocolVersion(1).setToken(TestRelay.DRIVER_TOKEN)
                .setEventId("nk").setDriverId("notation:" + G1)).build().toByteArray());
        await().atMost(Duration.ofSeconds(30)).until(() -> fake.closeCode == 4403);
        fake.close();
    }

    @Test
    void stopEndsNotationForGoodRaisesAnAlertAndTheArbiterEntersTheRestFromPaper() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_OFF);
        Move m1 = first(Position.start(), 32, 28);
        try (TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            phone.awaitAcked(phone.move(m1, null));
            DeviceMessage.Builder ok = phone.request(DeviceRequest.newBuilder().setStop(StopNotation.newBuilder().setReason("irregular move")));
            assertTrue(ok.hasOk(), ok.toString());
            assertEquals(4410, phone.awaitClosed());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.NOTATION_STOPPED));
        assertEquals(NotationState.ON_PAPER, TestRelay.snapshot(relay, G1).getInfo().getNotation());
        try (TestNotator again = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            assertEquals(4410, again.awaitClosed());
        }
        ArbiterMessage.Builder reissue = arbiter.request(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                .setGameId(G1).setAction(NotationRequest.Action.ISSUE)));
        assertTrue(reissue.hasError(), "no other device after a stop (manual 2.5)");
        Move m2 = first(Position.start().apply(m1), 19, 23);
        arbiter.requestOk(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId(G1)
                .setCorrection(Correction.newBuilder().setKind(Correction.Kind.REPLACE_MOVE).setPly(2).setMove(GameWire.move(m2))
                        .setReason("from the paper scoresheet"))));
        assertEquals(2, TestRelay.snapshot(relay, G1).getPliesCount(), "the arbiter appends the paper moves");
    }

    @Test
    void bothPlayersConfirmTheResultAndAZeroTimeIsAFlagFall() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G1, TimeEntry.TIMES_REQUIRED);
        try (TestNotator phone = TestNotator.connect(relay.port(), G1, TestNotator.key(c), 0)) {
            phone.awaitAcked(phone.move(first(Position.start(), 32, 28), Clock.newBuilder().setWhiteMs(0).setBlackMs(60_000).build()));
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                    .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.FLAG_FALL));
            DeviceMessage.Builder one = phone.request(DeviceRequest.newBuilder().setResult(ResultConfirmed.newBuilder()
                    .setResult(GameResult.BLACK_WINS).addConfirmedBy("Roel Boomstra")));
            assertTrue(one.hasError(), "one confirmation is not enough");
            DeviceMessage.Builder both = phone.request(DeviceRequest.newBuilder().setResult(ResultConfirmed.newBuilder()
                    .setResult(GameResult.BLACK_WINS).addConfirmedBy("Roel Boomstra").addConfirmedBy("Jan Groenendijk")));
            assertTrue(both.hasOk(), both.toString());
        }
        assertEquals(GameResult.BLACK_WINS, TestRelay.snapshot(relay, G1).getResult());
        Alert flag = arbiter.messages().stream().filter(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.FLAG_FALL)
                .findFirst().orElseThrow().getAlert();
        assertEquals(Side.WHITE, flag.getEvent().getSide());
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                .anyMatch(m -> m.hasAudit() && m.getAudit().getArbiter().contains("confirmed by Roel Boomstra and Jan Groenendijk")));
    }

    @Test
    void aNotatedMoveRaisesTheDrawCountAsADriverWould() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, ENDGAME, TimeEntry.TIMES_OFF);
        Position start = Fen.parse("W:WK46,28,33:BK5,23");
        try (TestNotator phone = TestNotator.connect(relay.port(), ENDGAME, TestNotator.key(c), 0)) {
            phone.awaitAcked(phone.move(first(start, 28, 19), null));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream()
                .anyMatch(m -> m.hasAlert() && m.getAlert().getEvent().getType() == EventType.DRAW_RULE_STARTED
                        && m.getAlert().getEvent().getCount() == 16 && m.getAlert().getEvent().getPly() == 1));
    }

    @Test
    void whereTimesAreRequiredAMoveWithoutThemIsRefused() throws Exception {
        NotationCredential c = TestNotator.issue(arbiter, G2, TimeEntry.TIMES_REQUIRED);
        try (TestNotator phone = TestNotator.connect(relay.port(), G2, TestNotator.key(c), 0)) {
            phone.move(first(Position.start(), 32, 28), null);
            await().atMost(Duration.ofSeconds(30)).until(() -> phone.state() != null && phone.state().getRefused() == 1);
            assertTrue(phone.state().getRefusedReason().contains("remaining time"), phone.state().getRefusedReason());
            assertEquals(0, TestRelay.snapshot(relay, G2).getPliesCount());
        }
    }
}
