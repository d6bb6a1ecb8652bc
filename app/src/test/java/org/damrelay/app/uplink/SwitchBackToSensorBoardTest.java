package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.Timing;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.EventType;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.it.TestArbiter;
import org.damrelay.relay.it.TestNotator;
import org.damrelay.relay.notation.NotationService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sensor board's game goes to a phone and back to the board while its driver runs on (issue 39):
 * the board's players play on, its driver reads every move and the relay refuses those (the phone
 * feeds the game); switched back, the relay tells the driver where the phone left the game, the
 * driver drops what it made meanwhile and follows the next move from there. No ply lost or
 * repeated, no board blocked, the phone told why it was closed, spectators shown the board being
 * restored until the board took over. Real relay, real driver station, an emulated bus board.
 */
@Timeout(150)
class SwitchBackToSensorBoardTest {
    private static final int PLIES = 12, SWITCH_AT = 2, BACK_AT = 6, PACE = 4;
    /** The players' think before ply SWITCH_AT + 1 and BACK_AT + 1 (emulated ms): the arbiter acts meanwhile. */
    private static final long THINK_MS = 40_000;
    private static final String GAME = "nk-r1-b1";

    @TempDir Path dir;

    /** The board's players: clean hands, two long thinks where the arbiter switches. */
    private static Timeline played(PdnGame game) {
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withTiming(quick).withClockTickMs(0).withSeed(39);
        Emulator.Session session = new Emulator(config).session(game.start());
        Position pos = game.start();
        for (int i = 0; i < PLIES; i++) {
            Move m = game.plies().get(i);
            if (i == SWITCH_AT || i == BACK_AT) session.ply(pos.sideToMove(), m, PlyPlan.clean(), THINK_MS);
            else session.ply(pos.sideToMove(), m, PlyPlan.clean());
            pos = pos.apply(m);
        }
        return session.finish();
    }

    @Test
    void theRunningDriverTakesOverFromThePositionThePhoneLeft() throws Exception {
        PdnGame game = HallRelay.corpusGame(PLIES);
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start(); TestArbiter arbiter = relay.arbiter()) {
            ReplugLine cable = new ReplugLine("emulated-bus");
            BoardSpeaker board = new BoardSpeaker(played(game), "BUSBOARD21", 21, PieceCodes.standard(), NoiseProfile.none(), 1);
            LinePump pump = new LinePump(List.of(board), cable, new Pace(PACE), 60_000, true);
            Thread emulator = new Thread(pump, "bus-emulator");
            emulator.start();
            DriverStation station = DriverStation.start(new DriverStation.Config(List.of(cable.busSource("55")),
                    ReconstructConfig.defaults(game.variant()).withStart(game.start()).paced(PACE), dir.resolve("outbox"), null,
                    UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                            .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400)), PieceCodes.standard()));
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> relay.plies(GAME) == SWITCH_AT);
                // the board "fails": the arbiter switches the game to a phone, which enters the next moves
                NotationCredential c = arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                        .setGameId(GAME).setAction(NotationRequest.Action.SWITCH_TO_NOTATION).setTimes(TimeEntry.TIMES_OFF)
                        .setBaseUrl("http://relay.test").setReason("board reads nothing"))).getNotation();
                try (TestNotator phone = TestNotator.connect(relay.port(), GAME, TestNotator.key(c), 0)) {
                    await().atMost(Duration.ofSeconds(30)).until(() -> phone.state() != null);
                    for (int i = SWITCH_AT; i < BACK_AT; i++) phone.awaitAcked(phone.move(game.plies().get(i), null));
                    assertEquals(BACK_AT, relay.plies(GAME));
                    // the players play the same moves on the board; the driver reads them, the relay does not take them
                    await().atMost(Duration.ofSeconds(60)).until(() -> station.outbox().lastSeq("5521") >= BACK_AT);
                    assertFalse(station.outbox().unacked().isEmpty(), "the driver holds what it made while the phone notated");

                    // the board works again: back to it, while the driver runs on
                    arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder()
                            .setGameId(GAME).setAction(NotationRequest.Action.SWITCH_TO_SENSOR).setReason("board replaced")));
                    assertEquals(NotationService.SWITCHED_TO_SENSOR, phone.awaitClosed(), "the phone is told why, in a code its page words");
                }
                assertTrue(relay.snapshot(GAME).getInfo().getSensorRestoring(), "spectators see the board being restored");
                await().atMost(Duration.ofSeconds(60)).until(() -> station.outbox().unacked().isEmpty());

                // the players go on: the driver's next move is taken from the phone's position, and every one after it
                await().atMost(Duration.ofSeconds(90)).until(() -> relay.plies(GAME) >= PLIES
                        || !relay.alertLines(EventType.BOARD_BLOCKED).isEmpty());
                assertEquals(List.of(), relay.alertLines(EventType.BOARD_BLOCKED, EventType.JOINED_MID_GAME, EventType.POSITION_UNKNOWN),
                        "the board takes over without being blocked");
                var s = relay.snapshot(GAME);
                assertEquals(PLIES, s.getPliesCount(), "no ply lost or repeated");
                for (int i = 0; i < PLIES; i++) {
                    Move m = game.plies().get(i);
                    assertEquals(m.from(), s.getPlies(i).getMove().getFrom(), "ply " + (i + 1));
                    assertEquals(m.to(), s.getPlies(i).getMove().getTo(), "ply " + (i + 1));
                }
                assertFalse(s.getInfo().getSensorRestoring(), "the board took over: no longer being restored");
                assertTrue(s.getInfo().getSensorBoard());
            } finally {
                station.close();
                pump.stop();
                emulator.join(5000);
            }
        }
    }
}
