package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.station.DriverStation;
import org.damrelay.driver.uplink.UplinkConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.proto.EventType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, the clock after a restart: quick players on a Fischer clock (1:20 + 1 min) stand above
 * the base time after a few moves. A driver restarted then reads the clock first thing; that
 * reading is compared with the times the game had (its outbox, the relay's Welcome state), not
 * with the base time: no CLOCK_MISMATCH, and every move after the restart carries both times (the
 * colours placed by the stopped side's recorded time). Each colour's own time on every line is
 * ClockSidesEndToEndTest's (board-emulator), through the bytes of one board.
 */
@Timeout(150)
class DriverRestartClockTest {
    private static final int BEFORE = 6, PLIES = 10, PACE = 4;
    private static final long PAUSE_MS = 30_000;

    @TempDir Path dir;

    private DriverStation station(HallRelay relay, ReplugLine cable, PdnGame game) throws Exception {
        return DriverStation.start(new DriverStation.Config(List.of(cable.busSource("55")),
                ReconstructConfig.defaults(game.variant()).withStart(game.start()).withTimeControl(TimeControl.parse("4800+60")).paced(PACE),
                dir.resolve("outbox"), null,
                UplinkConfig.of(relay.ingest(), HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                        .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400)), PieceCodes.standard()));
    }

    @Test
    void theFirstReadingAfterARestartIsComparedWithTheGamesTimesNotTheBaseTime() throws Exception {
        PdnGame game = HallRelay.corpusGame(PLIES);
        List<String> games = List.of("nk-r1-b1", "nk-r1-b2");
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start()) {
            ReplugLine cable = new ReplugLine("emulated-bus");
            List<BoardSpeaker> boards = new ArrayList<>();
            for (int b = 1; b <= 2; b++) {
                boards.add(new BoardSpeaker(QuickTimelines.of(game, PLIES, 50 + b, BEFORE, PAUSE_MS), "CLOCKBRD0" + b, 20 + b,
                        PieceCodes.standard(), NoiseProfile.none(), b));
            }
            LinePump pump = new LinePump(boards, cable, new Pace(PACE), 60_000, true);
            Thread emulator = new Thread(pump, "bus-emulator");
            emulator.start();
            DriverStation first = station(relay, cable, game);
            try {
                try {
                    await().atMost(Duration.ofSeconds(60)).until(() -> games.stream().allMatch(g -> relay.plies(g) >= BEFORE));
                } catch (org.awaitility.core.ConditionTimeoutException e) {
                    throw new AssertionError("plies " + games.stream().map(relay::plies).toList() + ", alerts "
                            + relay.alertLines(EventType.values()));
                }
                var before = relay.snapshot(games.get(0)).getPlies(BEFORE - 1).getClock();
                assertTrue(before.getWhiteMs() > 4_800_000 + 2000, "quick moves with 60 s back each: white above the base time, " + before);
                first.close(); // the laptop dies while the players think
                DriverStation second = station(relay, cable, game);
                try {
                    await().atMost(Duration.ofSeconds(60)).until(() -> games.stream().allMatch(g -> relay.plies(g) >= PLIES));
                    assertEquals(List.of(), relay.alertLines(EventType.CLOCK_MISMATCH, EventType.CLOCK_NOT_PRESSED), "no false clock alert after the restart");
                    for (String id : games) {
                        var s = relay.snapshot(id);
                        for (int i = BEFORE; i < PLIES; i++) {
                            var c = s.getPlies(i).getClock();
                            assertTrue(c.getWhiteMs() > 0 && c.getBlackMs() > 0, id + " ply " + (i + 1) + " carries both times: " + c);
                        }
                    }
                } finally {
                    second.close();
                }
            } finally {
                pump.stop();
                emulator.join(5000);
            }
        }
    }
}
