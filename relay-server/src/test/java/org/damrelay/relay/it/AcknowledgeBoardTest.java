package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.AcknowledgeBoard;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertSeverity;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's triage on the relay's side: each alert says whether it needs the arbiter (a blocked
 * board does, a clock not pressed does not), and "acknowledge all of this board" acknowledges that
 * board's open alerts up to the last one the screen showed, durably, and no other board's.
 */
class AcknowledgeBoardTest {

    @TempDir Path dir;

    private static GameEvent info(EventType type) {
        return GameEvent.newBuilder().setType(type).setText(type.name()).build();
    }

    /** The newest state of every alert the screen heard, by id. */
    private static Map<Long, Alert> alerts(TestArbiter a) {
        return a.messages().stream().filter(ArbiterMessage.Builder::hasAlert).map(ArbiterMessage.Builder::getAlert)
                .collect(Collectors.toMap(Alert::getAlertId, x -> x, (older, newer) -> newer));
    }

    @Test
    void severitiesComeFromTheRelayAndABlockedBoardNeedsAction() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
            TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            d.sendDurable("101", Plays.event(Move.quiet(32, 28)));
            d.sendDurable("101", info(EventType.CLOCK_NOT_PRESSED));
            d.sendDurable("101", info(EventType.BOARD_DISCONNECTED));
            d.send("101", Plays.event(Move.quiet(28, 22))); // white again: refused, the board blocks
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter).values().stream()
                    .anyMatch(a -> a.getEvent().getType() == EventType.BOARD_BLOCKED));
            Map<EventType, Alert> byType = alerts(arbiter).values().stream()
                    .collect(Collectors.toMap(a -> a.getEvent().getType(), a -> a));
            assertEquals(AlertSeverity.ACTION_NEEDED, byType.get(EventType.BOARD_BLOCKED).getSeverity());
            assertEquals(AlertSeverity.INFORMATION, byType.get(EventType.CLOCK_NOT_PRESSED).getSeverity());
            assertEquals(0, byType.get(EventType.CLOCK_NOT_PRESSED).getActionAfterSeconds());
            // a disconnection is information until it lasts
            assertEquals(AlertSeverity.INFORMATION, byType.get(EventType.BOARD_DISCONNECTED).getSeverity());
            assertTrue(byType.get(EventType.BOARD_DISCONNECTED).getActionAfterSeconds() > 0);
            // a console opened later hears the same severities
            try (TestArbiter later = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "deputy")) {
                await().atMost(Duration.ofSeconds(30)).until(() -> alerts(later).size() == alerts(arbiter).size());
                alerts(later).values().forEach(a -> assertEquals(alerts(arbiter).get(a.getAlertId()).getSeverity(), a.getSeverity()));
            }
            d.close();
        }
    }

    @Test
    void acknowledgingABoardAcknowledgesItsOpenAlertsUpToTheLastShownDurablyAndNoOtherBoards() throws Exception {
        long shown;
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
            TestDriver d = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            d.sendDurable("101", info(EventType.CLOCK_NOT_PRESSED));
            d.sendDurable("101", info(EventType.TOUCH_MOVE));
            d.sendDurable("102", info(EventType.CLOCK_NOT_PRESSED));
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter).size() == 3);
            shown = alerts(arbiter).values().stream().filter(a -> a.getGameId().equals("nk-r1-b1"))
                    .mapToLong(Alert::getAlertId).max().orElseThrow();
            // raised after the screen showed the board: not acknowledged unseen
            d.sendDurable("101", info(EventType.CAPTURE_EXECUTION));
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter).size() == 4);

            ArbiterMessage.Builder ok = arbiter.requestOk(ArbiterRequest.newBuilder().setAckBoard(
                    AcknowledgeBoard.newBuilder().setGameId("nk-r1-b1").setUpToAlertId(shown)));
            assertTrue(ok.getOk().startsWith("2 alerts of board 1"), ok.getOk());
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(arbiter).values().stream().filter(Alert::getAcknowledged).count() == 2);
            assertAcknowledged(alerts(arbiter), shown);

            // a second time: nothing left up to that alert
            assertTrue(arbiter.requestOk(ArbiterRequest.newBuilder().setAckBoard(AcknowledgeBoard.newBuilder()
                    .setGameId("nk-r1-b1").setUpToAlertId(shown))).getOk().startsWith("no open alerts"));
            assertEquals("UNKNOWN_GAME", arbiter.request(ArbiterRequest.newBuilder().setAckBoard(
                    AcknowledgeBoard.newBuilder().setGameId("other-r1-b1"))).getError().getCode());
            d.close();
        }
        // journaled like single acknowledgements: a restarted relay still has them
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0));
             TestArbiter again = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> alerts(again).size() == 4);
            assertAcknowledged(alerts(again), shown);
        }
    }

    private static void assertAcknowledged(Map<Long, Alert> alerts, long upTo) {
        List<Alert> acked = alerts.values().stream().filter(Alert::getAcknowledged).toList();
        assertEquals(2, acked.size(), acked.toString());
        for (Alert a : alerts.values()) {
            boolean expected = a.getGameId().equals("nk-r1-b1") && a.getAlertId() <= upTo;
            assertEquals(expected, a.getAcknowledged(), "alert " + a.getAlertId() + " on " + a.getGameId());
            if (expected) assertEquals("chief", a.getAcknowledgedBy());
        }
        assertFalse(alerts.isEmpty());
    }
}
