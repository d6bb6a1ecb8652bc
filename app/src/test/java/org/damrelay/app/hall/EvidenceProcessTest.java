package org.damrelay.app.hall;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureFile;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.uplink.SensorWire;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.Evidence;
import org.damrelay.proto.EvidenceSession;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.SensorReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arbiter's evidence through real pieces (issue 42, docs/evidence.md): a relay, the driver and
 * an emulated board on a socat pseudo-terminal, each a process of its own, play a game with a
 * piece touched and not played, a move taken back and an irregular move. For each alert the
 * relay's evidence (what the board reported around it) must equal what the driver recorded: its
 * capture file, decoded by the project's own decoder and mapped by the one wire mapping. The
 * driver is SIGKILLed after the alerts and a second one follows the rest of the game (its evidence
 * from its own capture), the relay is SIGKILLed and restarted at the end and answers the same;
 * spectators, drivers and notation keys are refused.
 */
@Timeout(300)
class EvidenceProcessTest {
    private static final double SPEED = 2;
    /** Emulated ms of thought after the irregular move: the driver is killed and started again in it. */
    private static final long LONG_THINK = 40_000;
    /** The window asked for around each alert: an irregular move is raised once it settled and the reply came, seconds after it was made. */
    private static final long BEFORE = 12_000, AFTER = 5_000, MOVE_ALONE = 4_000;
    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    /** Kept when the test fails: the processes' logs are there. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir;
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void eachAlertsEvidenceIsWhatTheDriverRecordedThroughDriverAndRelayRestarts() throws Exception {
        try (Hall hall = new Hall(dir, 1)) {
            hall.board(1, """
                    move 32-28 after 3000
                    move 17-21 after 3000
                    lift 34
                    wait 1200
                    put 34
                    move 33-29 after 1500
                    move 21-26 after 3000
                    takeback
                    move 12-17 after 3000
                    move 29-33 after 3000
                    move 21-26 after 3000
                    move 28-22 after %d
                    move 17x28 after 3000
                    move 33x22 after 3000
                    """.formatted(LONG_THINK), SPEED, false);
            hall.startDriver(1);
            // the touched piece, the move taken back and the irregular move reach the relay under the first driver
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertTrue(
                    types(alerts(hall)).containsAll(List.of("TOUCH_MOVE", "MOVE_RETRACTED", "ILLEGAL_MOVE")), types(alerts(hall)) + "; " + hall.logs()));
            // the kill comes after the last alert's window (AFTER) and the second both the capture and the evidence may be behind
            await().pollDelay(Duration.ofMillis(AFTER + 2000)).until(() -> true);
            hall.killDriver();
            // the players think on; a second driver reads the board and follows the last three moves
            hall.startDriver(1);
            // (the record holds the irregular move, which a PDN reader refuses: the game's events tell)
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertTrue(
                    evidence(hall, 0, 0).getUpdatesList().stream().anyMatch(u -> u.getEvent().getType().name().equals("MOVE") && u.getEvent().getPly() == 9),
                    hall.pdnText(1) + "; " + hall.logs()));
            await().pollDelay(Duration.ofMillis(2500)).until(() -> true);

            List<GameEvent> alerts = new ArrayList<>();
            for (GameEvent e : alerts(hall)) {
                if (List.of("TOUCH_MOVE", "MOVE_RETRACTED", "ILLEGAL_MOVE").contains(e.getType().name())) alerts.add(e);
            }
            assertEquals(3, alerts.size(), "one alert of each: " + alerts + "; " + hall.logs());
            Map<String, Evidence> seen = new LinkedHashMap<>();
            List<Path> captures;
            try (Stream<Path> files = Files.list(dir.resolve("captures"))) {
                captures = files.filter(p -> p.toString().endsWith(".dgtcap")).sorted().toList();
            }
            assertEquals(2, captures.size(), "a capture per driver run: " + captures);
            for (GameEvent a : alerts) {
                assertNotEquals(0, a.getWallTimeMs(), "the driver stamps its events with the wall time: " + a);
                Evidence ev = evidence(hall, a.getWallTimeMs() - BEFORE, a.getWallTimeMs() + AFTER);
                seen.put(a.getType().name(), ev);
                assertFalse(ev.getReportsList().isEmpty(), a.getType() + ": the board's reports around it; " + hall.logs());
                assertTrue(ev.getReportsList().stream().anyMatch(r -> r.getKind() == SensorReport.Kind.FIELD),
                        a.getType() + ": field changes around it");
                assertTrue(ev.getBefore().length() == 50 || ev.getReportsList().stream().anyMatch(r -> r.getKind() == SensorReport.Kind.BOARD),
                        "the board as it stood before the window, or its whole board read within it: " + ev.getBefore());
                assertTrue(ev.getUpdatesList().stream().anyMatch(u -> u.getEvent().getType() == a.getType()),
                        "the alert itself is among the game's events of its window");
                assertEquals(recorded(captures, ev.getSessionsList(), ev.getFromMs(), ev.getToMs()), comparable(ev.getReportsList()),
                        a.getType() + ": the relay's evidence is what the driver's capture holds, in order and with its times");
            }
            // the touched piece: 34 emptied and occupied again before 33 left
            List<SensorReport> touch = seen.get("TOUCH_MOVE").getReportsList();
            int lifted = indexOf(touch, 34, "e"), back = indexOf(touch, 34, "w"), played = indexOf(touch, 33, "e");
            assertTrue(lifted >= 0 && back > lifted && played > back, "34 lifted, put back, then 33 played: " + touch);
            // the take-back: 26 occupied, then empty again and 21 occupied again
            List<SensorReport> back2 = seen.get("MOVE_RETRACTED").getReportsList();
            assertTrue(indexOf(back2, 26, "b") >= 0 && indexOf(back2, 26, "e") > indexOf(back2, 26, "b"), "21-26 made and taken back: " + back2);
            // the irregular move: 29 emptied, 33 occupied again by white
            List<SensorReport> irregular = seen.get("ILLEGAL_MOVE").getReportsList();
            assertTrue(indexOf(irregular, 29, "e") >= 0 && indexOf(irregular, 33, "w") >= 0, "29-33 on the board: " + irregular);
            // a move the second driver followed: its evidence is the second capture's
            GameEvent last = evidence(hall, 0, 0).getUpdatesList().stream().map(u -> u.getEvent())
                    .filter(e -> e.getType().name().equals("MOVE") && e.getPly() == 9).findFirst().orElseThrow();
            // a window of the move alone (the hand's changes come within a few seconds before it is recorded), so it
            // cannot reach back over the restart into the first driver's capture
            Evidence lastMove = evidence(hall, last.getWallTimeMs() - MOVE_ALONE, last.getWallTimeMs() + AFTER);
            seen.put("MOVE 9", lastMove);
            assertEquals(List.of(captures.get(1).getFileName().toString()), lastMove.getSessionsList().stream().map(EvidenceSession::getCapture).toList(),
                    "the second driver's capture");
            assertTrue(indexOf(lastMove.getReportsList(), 33, "e") >= 0 && indexOf(lastMove.getReportsList(), 22, "w") >= 0, "33x22: " + lastMove);
            assertEquals(recorded(captures, lastMove.getSessionsList(), lastMove.getFromMs(), lastMove.getToMs()), comparable(lastMove.getReportsList()),
                    "the move's evidence is what the second capture holds");

            hall.killAndRestartRelay();
            for (Evidence before : seen.values()) {
                Evidence again = evidence(hall, before.getFromMs(), before.getToMs());
                assertEquals(comparable(before.getReportsList()), comparable(again.getReportsList()), "the same evidence after the relay's restart");
                assertEquals(before.getBefore(), again.getBefore());
            }
            Evidence whole = evidence(hall, 0, 0);
            assertTrue(whole.getGameFromMs() > 0 && whole.getFromMs() == whole.getGameFromMs(), "the whole game's window: " + whole.getFromMs());
            assertTrue(whole.getReportsCount() >= seen.values().stream().mapToInt(Evidence::getReportsCount).max().orElse(0),
                    "the whole game holds every window");

            // nobody but the arbiter reads it
            String request = "{\"evidence\":{\"gameId\":\"nk-r1-b1\"}}";
            assertEquals(401, post(hall, null, request).statusCode(), "no token");
            assertEquals(401, post(hall, Hall.TOKEN, request).statusCode(), "the driver's token");
            ArbiterMessage.Builder issued = ArbiterMessage.newBuilder();
            JsonFormat.parser().merge(post(hall, Hall.ARBITER_TOKEN, "{\"notation\":{\"gameId\":\"nk-r1-b1\",\"action\":\"SWITCH_TO_NOTATION\","
                    + "\"baseUrl\":\"http://x\",\"reason\":\"test\"}}").body(), issued);
            String link = issued.getNotation().getLink();
            String key = link.substring(link.indexOf("key=") + 4);
            assertTrue(link.contains("key=") && !key.isEmpty(), "a notation key was issued: " + issued);
            assertEquals(401, post(hall, key, request).statusCode(), "a notation key");
            assertTrue(spectatorAnswers(hall, request).stream().noneMatch(m -> m.contains("reports") || m.contains("\"evidence\"")),
                    "a spectator's stream carries no evidence");
        }
    }

    private static int indexOf(List<SensorReport> reports, int square, String piece) {
        for (int i = 0; i < reports.size(); i++) {
            SensorReport r = reports.get(i);
            if (r.getKind() == SensorReport.Kind.FIELD && r.getSquare() == square && r.getPiece().equals(piece)) return i;
        }
        return -1;
    }

    private static List<String> types(List<GameEvent> events) {
        return events.stream().map(e -> e.getType().name()).toList();
    }

    /** What a report says, without the wall time (the decoded capture's wall time is computed from the same origin). */
    private static List<String> comparable(List<SensorReport> reports) {
        List<String> out = new ArrayList<>();
        for (SensorReport r : reports) {
            String s = r.getKind() + " " + r.getCaptureMs() + " " + r.getWallMs();
            switch (r.getKind()) {
                case FIELD -> s += " f" + r.getField() + " sq" + r.getSquare() + " " + r.getPiece();
                case BOARD -> s += " " + r.getPiece();
                case CLOCK -> s += " " + r.getClock().toString().replace('\n', ' ');
                default -> { }
            }
            out.add(s);
        }
        return out;
    }

    /** The driver's capture files of the sessions named, decoded by the project's decoder, within the window. */
    private static List<String> recorded(List<Path> captures, List<EvidenceSession> sessions, long from, long to) throws Exception {
        List<SensorReport> out = new ArrayList<>();
        for (EvidenceSession s : sessions) {
            Path file = captures.stream().filter(p -> p.getFileName().toString().equals(s.getCapture())).findFirst()
                    .orElseThrow(() -> new AssertionError("no capture " + s.getCapture() + " among " + captures));
            long origin = s.getCaptureOriginMs();
            List<SensorReport> decoded = new ArrayList<>();
            BoardObserver o = new BoardObserver() {
                @Override public void onBoard(long t, Sensed[] fields) { decoded.add(SensorWire.board(t, origin, fields, Orientation.NORMAL)); }
                @Override public void onFieldChange(long t, int field, Sensed now) { decoded.add(SensorWire.field(t, origin, field, now, Orientation.NORMAL)); }
                @Override public void onClock(long t, ClockReading c) { decoded.add(SensorWire.clock(t, origin, c)); }
                @Override public void onLink(long t, boolean up) { decoded.add(SensorWire.link(t, origin, up)); }
            };
            CaptureReplay.play(CaptureFile.read(file).capture().entries(), new SingleBoardSession(o, SingleBoardSession.Config.defaults()));
            for (SensorReport r : decoded) if (r.getWallMs() >= from && r.getWallMs() <= to) out.add(r);
        }
        return comparable(out);
    }

    private Evidence evidence(Hall hall, long from, long to) throws Exception {
        HttpResponse<String> r = post(hall, Hall.ARBITER_TOKEN, "{\"evidence\":{\"gameId\":\"nk-r1-b1\",\"fromMs\":\"" + from + "\",\"toMs\":\"" + to + "\"}}");
        assertEquals(200, r.statusCode(), r.body());
        ArbiterMessage.Builder m = ArbiterMessage.newBuilder();
        JsonFormat.parser().merge(r.body(), m);
        return m.getEvidence();
    }

    private HttpResponse<String> post(Hall hall, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + hall.relayPort() + "/api/arbiter"))
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) b.header("Authorization", "Bearer " + token);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The alerts as the arbiter's stream gives them after the hello. */
    private List<GameEvent> alerts(Hall hall) throws Exception {
        List<String> messages = arbiterStream(hall);
        List<GameEvent> out = new ArrayList<>();
        for (String text : messages) {
            ArbiterMessage.Builder m = ArbiterMessage.newBuilder();
            JsonFormat.parser().ignoringUnknownFields().merge(text, m);
            if (m.hasAlert()) out.add(m.getAlert().getEvent());
        }
        return out;
    }

    private List<String> arbiterStream(Hall hall) throws Exception {
        List<String> got = new CopyOnWriteArrayList<>();
        WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + hall.relayPort() + "/arbiter"), collector(got))
                .get(20, TimeUnit.SECONDS);
        ws.sendText("{\"requestId\":\"hello\",\"hello\":{\"token\":\"" + Hall.ARBITER_TOKEN + "\",\"eventId\":\"nk\",\"arbiter\":\"test\"}}", true);
        // the stream replays the games and the alerts after the hello, then goes quiet
        await().pollDelay(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(10)).until(() -> !got.isEmpty());
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        return got;
    }

    /** What a spectator's WebSocket answers to an evidence request sent on it. */
    private List<String> spectatorAnswers(Hall hall, String request) throws Exception {
        List<String> got = new CopyOnWriteArrayList<>();
        WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + hall.relayPort() + "/ws"), collector(got))
                .get(20, TimeUnit.SECONDS);
        ws.sendText("{\"subscribe\":{\"eventId\":\"nk\"}}", true);
        ws.sendText(request, true);
        await().pollDelay(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(10)).until(() -> true);
        ws.abort();
        return got;
    }

    private static WebSocket.Listener collector(List<String> got) {
        return new WebSocket.Listener() {
            private final StringBuilder part = new StringBuilder();

            @Override public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                part.append(data);
                if (last) {
                    got.add(part.toString());
                    part.setLength(0);
                }
                ws.request(1);
                return null;
            }
        };
    }
}
