package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.AcknowledgeAlert;
import org.damrelay.proto.Alert;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.CorrectGame;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.MatchReport;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Player;
import org.damrelay.proto.ReportRequest;
import org.damrelay.proto.SetPairing;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arbiter's API: live alerts, acknowledgements, results, corrections with an audit trail, the match report. */
class ArbiterTest {

    @TempDir Path dir;
    RelayServer relay;
    TestDriver driver;
    WsClient arbiter;
    WsClient spectator;

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(TestRelay.config(dir, 0));
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        arbiter = arbiter(TestRelay.ARBITER_TOKEN);
        spectator = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream().anyMatch(SpectatorMessage.Builder::hasSubscribed));
    }

    @AfterEach
    void stop() {
        arbiter.close();
        spectator.close();
        driver.close();
        relay.close();
    }

    private WsClient arbiter(String token) throws Exception {
        WsClient a = WsClient.connect(relay.port(), "/arbiter");
        a.sendJson(ArbiterRequest.newBuilder().setHello(ArbiterHello.newBuilder().setToken(token).setEventId("nk").setArbiter("chief")).build());
        return a;
    }

    private List<ArbiterMessage.Builder> arbiterMessages() {
        return arbiter.json(ArbiterMessage::newBuilder);
    }

    private ArbiterMessage.Builder request(ArbiterRequest.Builder r) {
        String id = "q" + System.nanoTime();
        arbiter.sendJson(r.setRequestId(id).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> arbiterMessages().stream().anyMatch(m -> m.getRequestId().equals(id)));
        return arbiterMessages().stream().filter(m -> m.getRequestId().equals(id)).findFirst().orElseThrow();
    }

    private List<Alert> alerts() {
        return arbiterMessages().stream().filter(ArbiterMessage.Builder::hasAlert).map(ArbiterMessage.Builder::getAlert).toList();
    }

    private void play(List<Move> moves) {
        long base = driver.acked("101");
        for (Move m : moves) driver.send("101", Plays.event(m));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.acked("101") == base + moves.size());
    }

    @Test
    void alertsReachTheArbiterLiveWithBoardPlyAndSquaresButOnlyPositionChangesReachSpectators() throws Exception {
        play(List.of(Move.quiet(32, 28), Move.quiet(19, 23)));
        // white must take 28x19 but plays 31-27: it stood, the driver reports it with the position
        Position after = Position.start().apply(Move.quiet(32, 28)).apply(Move.quiet(19, 23)).apply(Move.quiet(31, 27));
        driver.send("101", GameEvent.newBuilder().setType(EventType.ILLEGAL_MOVE).setSubtype(IllegalSubtype.CAPTURE_MISSED)
                .addSquares(31).addSquares(27).setText("capture 28x19 was compulsory").setFen(Fen.write(after)).build());
        driver.send("101", GameEvent.newBuilder().setType(EventType.CLOCK_PRESSED_WITHOUT_MOVE).setText("clock pressed").build());
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts().size() == 2);
        Alert illegal = alerts().get(0);
        assertEquals(EventType.ILLEGAL_MOVE, illegal.getEvent().getType());
        assertEquals(IllegalSubtype.CAPTURE_MISSED, illegal.getEvent().getSubtype());
        assertEquals(1, illegal.getBoard());
        assertEquals(3, illegal.getEvent().getPly());
        assertEquals(List.of(31, 27), illegal.getEvent().getSquaresList());

        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream().filter(SpectatorMessage.Builder::hasUpdate).count() == 3);
        assertFalse(SpectatorFlowTest.messages(spectator).stream().anyMatch(m -> m.hasUpdate()
                && m.getUpdate().getEvent().getType() == EventType.CLOCK_PRESSED_WITHOUT_MOVE));

        assertTrue(request(ArbiterRequest.newBuilder().setAckAlert(AcknowledgeAlert.newBuilder().setAlertId(illegal.getAlertId()))).hasOk());
        assertTrue(request(ArbiterRequest.newBuilder().setAckAlert(AcknowledgeAlert.newBuilder().setAlertId(99))).hasError());
        // a second arbiter screen gets every alert so far, with the acknowledgement
        WsClient second = arbiter(TestRelay.ARBITER_TOKEN);
        // (after the snapshots of the event's games, live)
        await().atMost(Duration.ofSeconds(30)).until(() -> second.json(ArbiterMessage::newBuilder).stream().filter(ArbiterMessage.Builder::hasAlert).count() == 2);
        Alert again = second.json(ArbiterMessage::newBuilder).stream().filter(ArbiterMessage.Builder::hasAlert).findFirst().orElseThrow().getAlert();
        assertTrue(again.getAcknowledged());
        assertEquals("chief", again.getAcknowledgedBy());
        second.close();
    }

    @Test
    void anAcknowledgementReachesEveryConnectedArbiter() throws Exception {
        WsClient second = arbiter(TestRelay.ARBITER_TOKEN);
        driver.send("101", GameEvent.newBuilder().setType(EventType.CLOCK_PRESSED_WITHOUT_MOVE).setText("clock pressed").build());
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts().size() == 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> second.json(ArbiterMessage::newBuilder).stream().anyMatch(ArbiterMessage.Builder::hasAlert));
        Alert raised = alerts().get(0);
        assertFalse(raised.getAcknowledged());

        assertTrue(request(ArbiterRequest.newBuilder().setAckAlert(AcknowledgeAlert.newBuilder().setAlertId(raised.getAlertId()))).hasOk());
        for (WsClient screen : List.of(arbiter, second)) {
            await().atMost(Duration.ofSeconds(30)).until(() -> screen.json(ArbiterMessage::newBuilder).stream()
                    .anyMatch(m -> m.hasAlert() && m.getAlert().getAlertId() == raised.getAlertId() && m.getAlert().getAcknowledged()));
            Alert acked = screen.json(ArbiterMessage::newBuilder).stream().filter(m -> m.hasAlert() && m.getAlert().getAcknowledged())
                    .findFirst().orElseThrow().getAlert();
            assertEquals("chief", acked.getAcknowledgedBy());
            assertEquals(EventType.CLOCK_PRESSED_WITHOUT_MOVE, acked.getEvent().getType());
        }
        second.close();
    }

    @Test
    void anEarlyDrawRaisesEarlyDrawAgreedAndEndsTheGame() {
        play(Plays.line(6, 1));
        assertTrue(request(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.DRAW))).hasOk());
        await().atMost(Duration.ofSeconds(30)).until(() -> alerts().stream().anyMatch(a -> a.getEvent().getType() == EventType.EARLY_DRAW_AGREED));
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .anyMatch(m -> m.hasUpdate() && m.getUpdate().getResult() == GameResult.DRAW));
        driver.send("101", Plays.event(Plays.line(7, 1).get(6)));
        await().atMost(Duration.ofSeconds(30)).until(() -> !driver.errors().isEmpty());
        assertEquals(IngestError.Code.GAME_FINISHED, driver.errors().get(0).getCode());
    }

    @Test
    void correctionsAreExplicitAuditedAndInTheMatchReport() {
        List<Move> moves = Plays.line(6, 2);
        play(moves);
        ArbiterMessage.Builder ok = request(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId("nk-r1-b1")
                .setCorrection(Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(4).setReason("clock pressed twice"))));
        assertTrue(ok.hasOk(), ok.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .anyMatch(m -> m.hasUpdate() && m.getUpdate().hasCorrection()));
        Correction seen = SpectatorFlowTest.messages(spectator).stream().filter(m -> m.hasUpdate() && m.getUpdate().hasCorrection())
                .findFirst().orElseThrow().getUpdate().getCorrection();
        assertEquals(Correction.Kind.TAKE_BACK, seen.getKind());
        assertEquals("chief", seen.getArbiter());
        Position afterFour = Position.start();
        for (Move m : moves.subList(0, 4)) afterFour = afterFour.apply(m);
        assertEquals(Fen.write(afterFour), seen.getFen());

        // the game goes on from the corrected position
        play(List.of(moves.get(4)));

        Move wrong = Move.quiet(1, 7);
        ArbiterMessage.Builder refused = request(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId("nk-r1-b1")
                .setCorrection(Correction.newBuilder().setKind(Correction.Kind.REPLACE_MOVE).setPly(5)
                        .setMove(MoveData.newBuilder().setFrom(wrong.from()).setTo(wrong.to())))));
        assertTrue(refused.hasError());
        // the arbiter reads the move as the scoresheet numbers it: ply 5 is move 3 of white
        assertTrue(refused.getError().getMessage().startsWith("1-7 is not a legal move as move 3 (white) ("), refused.getError().getMessage());

        assertTrue(request(ArbiterRequest.newBuilder().setResult(EnterResult.newBuilder().setGameId("nk-r1-b1").setResult(GameResult.WHITE_WINS))).hasOk());
        MatchReport report = request(ArbiterRequest.newBuilder().setReport(ReportRequest.newBuilder().setEventId("nk"))).getReport();
        List<String> kinds = report.getLinesList().stream().map(MatchReport.Line::getKind).toList();
        assertTrue(kinds.contains("DECISION") && kinds.contains("RESULT"), kinds.toString());
        assertTrue(report.getLinesList().stream().anyMatch(l -> l.getText().contains("TAKE_BACK to ply 4") && l.getText().contains("clock pressed twice")));
        assertTrue(report.getLinesList().stream().anyMatch(l -> l.getKind().equals("RESULT") && l.getText().contains("2-0")));
        // the parameters the viewer words the lines from, in the event's language (issue 24)
        assertTrue(report.getLinesList().stream().anyMatch(l -> l.getKind().equals("RESULT") && l.getResult() == GameResult.WHITE_WINS));
        AuditEntry takeBack = report.getLinesList().stream().filter(l -> l.getDecision().getKind() == AuditEntry.Kind.TAKE_BACK)
                .findFirst().orElseThrow().getDecision();
        assertEquals(4, takeBack.getPly());
        assertEquals("clock pressed twice", takeBack.getReason());
        assertEquals("chief", takeBack.getArbiter());
        assertTrue(report.getLinesList().stream().anyMatch(l -> l.getDecision().getKind() == AuditEntry.Kind.RESULT_ENTERED
                && l.getDecision().getValue().equals("2-0")));
        for (int i = 1; i < report.getLinesCount(); i++) {
            assertTrue(report.getLines(i - 1).getTimeMs() <= report.getLines(i).getTimeMs(), "chronological");
        }
    }

    @Test
    void aCorrectionIsPartOfTheRecordForLateSpectatorsAndInThePdn() throws Exception {
        play(Plays.line(6, 2));
        assertTrue(request(ArbiterRequest.newBuilder().setCorrect(CorrectGame.newBuilder().setGameId("nk-r1-b1")
                .setCorrection(Correction.newBuilder().setKind(Correction.Kind.TAKE_BACK).setPly(4).setReason("clock pressed twice")))).hasOk());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .anyMatch(m -> m.hasUpdate() && m.getUpdate().hasCorrection()));

        // a spectator who opens the game afterwards gets the note with the snapshot
        try (WsClient late = SpectatorFlowTest.spectator(relay.port(), Subscribe.newBuilder().setGameId("nk-r1-b1").build())) {
            await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(late).stream().anyMatch(SpectatorMessage.Builder::hasSnapshot));
            var snap = SpectatorFlowTest.messages(late).stream().filter(SpectatorMessage.Builder::hasSnapshot).findFirst().orElseThrow().getSnapshot();
            assertEquals(4, snap.getPliesCount());
            assertEquals(1, snap.getCorrectionNotesCount());
            Correction note = snap.getCorrectionNotes(0).getCorrection();
            assertEquals(Correction.Kind.TAKE_BACK, note.getKind());
            assertEquals("clock pressed twice", note.getReason());
            assertEquals("chief", note.getArbiter());
            assertTrue(snap.getCorrectionNotes(0).getRelayTimeMs() > 0);
        }
        // and the PDN carries it as a comment after the ply it went back to
        HttpResponse<String> pdn = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + relay.port() + "/pdn/nk-r1-b1.pdn")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(pdn.body().matches("(?s).*2\\. \\S+ \\S+\\s+\\{taken back to here by the arbiter \\(chief\\); clock pressed twice\\}.*"), pdn.body());
    }

    @Test
    void arbiterTokensAreCheckedLikeDriverTokens() throws Exception {
        WsClient wrong = arbiter(TestRelay.DRIVER_TOKEN);
        await().atMost(Duration.ofSeconds(30)).until(() -> wrong.closed.isDone());
        assertEquals(4401, wrong.closeCode);
    }

    @Test
    void theSameRequestsWorkOverHttpWithABearerToken() throws Exception {
        play(Plays.line(2, 1));
        String body = "{\"result\": {\"gameId\": \"nk-r1-b1\", \"result\": \"BLACK_WINS\"}}";
        HttpResponse<String> none = post(null, body);
        assertEquals(401, none.statusCode());
        HttpResponse<String> ok = post("Bearer " + TestRelay.ARBITER_TOKEN, body);
        assertEquals(200, ok.statusCode(), ok.body());
        assertTrue(ok.body().contains("\"ok\""), ok.body());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .anyMatch(m -> m.hasUpdate() && m.getUpdate().getResult() == GameResult.BLACK_WINS));
        HttpResponse<String> bad = post("Bearer " + TestRelay.ARBITER_TOKEN, "{\"result\": {\"gameId\": \"nope\"}}");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("UNKNOWN_GAME"), bad.body());
    }

    private HttpResponse<String> post(String auth, String body) throws Exception {
        var b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + "/api/arbiter"))
                .timeout(Duration.ofSeconds(5)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (auth != null) b.header("Authorization", auth);
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBoardSwapMidRoundSendsTheGameToAnotherPhysicalBoard() {
        play(Plays.line(2, 1));
        ArbiterMessage.Builder ok = request(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder()
                .setInfo(GameInfo.newBuilder().setRound(1).setBoard(1)
                        .setWhite(Player.newBuilder().setName("Roel Boomstra"))
                        .setBlack(Player.newBuilder().setName("Jan Groenendijk"))
                        .setSourceDriver("hall").setSourceBoard("105"))));
        assertTrue(ok.hasOk(), ok.toString());
        // the spare board goes on from the game's position; the old one feeds nothing now
        driver.send("105", Plays.event(Plays.line(3, 1).get(2)));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.acked("105") == 1);
        driver.send("101", Plays.event(Plays.line(4, 1).get(3)));
        await().atMost(Duration.ofSeconds(30)).until(() -> !driver.errors().isEmpty());
        assertEquals(IngestError.Code.UNKNOWN_BOARD, driver.errors().get(0).getCode());
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .anyMatch(m -> m.hasUpdate() && m.getUpdate().hasInfo() && m.getUpdate().getInfo().getSourceBoard().equals("105")));
        await().atMost(Duration.ofSeconds(30)).until(() -> SpectatorFlowTest.messages(spectator).stream()
                .filter(m -> m.hasUpdate() && m.getUpdate().hasEvent()).count() == 3);
    }
}
