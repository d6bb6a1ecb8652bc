package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.Player;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.SetPairing;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each board's game and settings travel to its driver: in the Welcome, and again after a pairing edit. */
class AssignmentTest {

    @TempDir Path dir;
    RelayServer relay;
    TestDriver driver;
    TestArbiter arbiter;
    final List<RelayFrame> frames = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(TestRelay.config(dir, 0));
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
        arbiter = TestArbiter.connect(relay.port(), TestRelay.ARBITER_TOKEN, "nk", "chief");
    }

    @AfterEach
    void stop() {
        arbiter.close();
        driver.close();
        relay.close();
    }

    private List<RelayFrame> received() {
        frames.addAll(driver.poll());
        return frames;
    }

    @Test
    void theWelcomeNamesEveryBoardsGameAndAPairingEditIsSentAsItHappens() {
        await().atMost(Duration.ofSeconds(30)).until(() -> received().stream().anyMatch(RelayFrame::hasWelcome));
        Map<String, String> games = frames.stream().filter(RelayFrame::hasWelcome).findFirst().orElseThrow().getWelcome()
                .getAssignmentsList().stream().collect(Collectors.toMap(Assignment::getBoard, a -> a.getGame().getGameId()));
        assertEquals(Map.of("101", "nk-r1-b1", "102", "nk-r1-b2", "201", "nk-r2-b1"), games, "driver hall-b's board 103 is not ours");

        ArbiterMessage.Builder ok = arbiter.request(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder()
                .setInfo(GameInfo.newBuilder().setRound(1).setBoard(1).setWhite(Player.newBuilder().setName("Roel Boomstra"))
                        .setBlack(Player.newBuilder().setName("Jan Groenendijk")).setVariant("FRISIAN").setTimeControl("40/7200:3600+30")
                        .setIncrement("BRONSTEIN").setSourceDriver("hall").setSourceBoard("101"))));
        assertTrue(ok.hasOk(), ok.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> received().stream().anyMatch(RelayFrame::hasAssignment));
        Assignment a = frames.stream().filter(RelayFrame::hasAssignment).findFirst().orElseThrow().getAssignment();
        assertEquals("101", a.getBoard());
        assertEquals("FRISIAN", a.getGame().getVariant());
        assertEquals("40/7200:3600+30", a.getGame().getTimeControl());
        assertEquals("BRONSTEIN", a.getGame().getIncrement());
    }

    @Test
    void aPairingWhoseSettingsDoNotReadIsRefusedInOneLine() {
        ArbiterMessage.Builder refused = arbiter.request(ArbiterRequest.newBuilder().setPairing(SetPairing.newBuilder()
                .setInfo(GameInfo.newBuilder().setRound(1).setBoard(1).setTimeControl("80m+1m/move")
                        .setSourceDriver("hall").setSourceBoard("101"))));
        assertTrue(refused.hasError(), refused.toString());
        assertEquals("BAD_REQUEST", refused.getError().getCode());
        assertTrue(refused.getError().getMessage().contains("\"80m+1m/move\""), refused.getError().getMessage());
        assertTrue(received().stream().noneMatch(RelayFrame::hasAssignment));
    }
}
