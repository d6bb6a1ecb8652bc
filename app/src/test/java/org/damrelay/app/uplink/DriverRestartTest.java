package org.damrelay.app.uplink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
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
 * A driver laptop that dies in the middle of a bus round (the in-process equivalent of kill -9:
 * a fresh driver station over the same outbox directory, while the boards play on): every board's
 * reconstruction resumes from where its game stood, so each board's next move reaches the relay,
 * no ply is lost or repeated, and no alert is invented.
 */
@Timeout(150)
class DriverRestartTest {
    private static final int BEFORE = 6, PLIES = 12, PACE = 4;
    /** Game time the players think over the ply after the driver dies (BEFORE + 1): it is restarted meanwhile. */
    private static final long PAUSE_MS = 60_000;

    @TempDir Path dir;

    private DriverStation station(HallRelay relay, ReplugLine cable, PdnGame game) throws Exception {
        return station(relay.ingest(), dir.resolve("outbox"), cable, game);
    }

    private static DriverStation station(URI ingest, Path outbox, ReplugLine cable, PdnGame game) throws Exception {
        return DriverStation.start(new DriverStation.Config(List.of(cable.busSource("55")),
                ReconstructConfig.defaults(game.variant()).withStart(game.start()).paced(PACE),
                outbox, null,
                UplinkConfig.of(ingest, HallRelay.TOKEN, HallRelay.EVENT, HallRelay.DRIVER)
                        .withBackoff(Duration.ofMillis(50), Duration.ofMillis(400)), PieceCodes.standard()));
    }

    /**
     * Alerts other than the BOARD_DISCONNECTED each board's line reports when the first station is
     * stopped in order (a kill -9 would not even say that much).
     */
    private static List<String> invented(HallRelay relay) throws Exception {
        return relay.alerts().stream().filter(a -> a.getEvent().getType() != EventType.BOARD_DISCONNECTED)
                .map(a -> a.getGameId() + " " + a.getEvent().getType() + ": " + a.getEvent().getText()).toList();
    }

    private static int plies(HallRelay relay, String game) {
        try {
            return relay.snapshot(game).getPliesCount();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aDriverRestartedMidRoundResumesEveryBoardWithoutLossOrRepetition() throws Exception {
        restartMidRound(false, BEFORE, -1);
    }

    /**
     * The restarted driver's outbox is gone (another laptop) and its boards are read before the
     * relay's Welcome arrives (held back here by a gate): no board may make events from the
     * driver's own guess (the game's start, so a join) before it knows where the relay's game
     * stands. Here the laptop dies after the first move, and each board's players make two more
     * while no driver reads the boards (the emulator's pause: two plies, then they wait for the new
     * driver), and two more once it has read them while it waits for the Welcome: the new driver
     * catches up on the first two from its first read and follows the next two as they came (it
     * kept what the boards reported), all numbered after the relay's last event, never taken for
     * the relay's own (they were dropped as acknowledged, and the next move refused).
     */
    @Test
    void aDriverOverAWipedOutboxWaitsForTheRelaysStateBeforeItsBoardsSayAnything() throws Exception {
        restartMidRound(true, 1, 2);
    }

    /**
     * @param before the plies every game has on the relay when the first driver dies (the players then think long)
     * @param missed the plies each board's players make while no driver runs, then wait for it (-1: they think on)
     */
    private void restartMidRound(boolean wipedOutboxAndLateWelcome, int before, int missed) throws Exception {
        PdnGame game = HallRelay.corpusGame(PLIES);
        List<String> games = List.of("nk-r1-b1", "nk-r1-b2", "nk-r1-b3", "nk-r1-b4");
        try (HallRelay relay = new HallRelay(dir.resolve("relay")).start(); RelayGate gate = new RelayGate(relay.port())) {
            ReplugLine cable = new ReplugLine("emulated-bus");
            List<BoardSpeaker> boards = new ArrayList<>();
            for (int b = 1; b <= 4; b++) {
                boards.add(new BoardSpeaker(QuickTimelines.of(game, PLIES, 30 + b, before, PAUSE_MS), "BUSBOARD2" + b, 20 + b, PieceCodes.standard(),
                        NoiseProfile.none(), b));
            }
            LinePump pump = new LinePump(boards, cable, new Pace(PACE), 60_000, true);
            Thread emulator = new Thread(pump, "bus-emulator");
            emulator.start();
            DriverStation first = station(relay, cable, game);
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> games.stream().allMatch(g -> plies(relay, g) >= before));
                first.close(); // the laptop dies while the players think
                if (missed >= 0) {
                    pump.pausePlayers(List.of(missed));
                    await().atMost(Duration.ofSeconds(60)).until(pump::playersStanding);
                }
                long readBefore = cable.bytesToDriver();
                DriverStation second = wipedOutboxAndLateWelcome
                        ? station(URI.create("ws://127.0.0.1:" + gate.port() + "/ingest"), dir.resolve("another-outbox"), cable, game)
                        : station(relay, cable, game);
                try {
                    if (wipedOutboxAndLateWelcome) {
                        // every board answered the new driver's discovery and dumps before the relay says a word
                        await().atMost(Duration.ofSeconds(60)).until(() -> cable.bytesToDriver() - readBefore >= 4 * 2 * 64);
                        assertEquals(List.of(), second.outbox().unacked(), "no event before the relay's Welcome");
                        if (missed >= 0) {
                            // read, the players go on while the driver waits for the relay: two more plies, four beyond its record
                            await().atMost(Duration.ofSeconds(60)).until(() -> IntStream.range(0, 4).allMatch(b -> pump.pliesPlayed(b) >= before + missed + 2));
                        }
                        gate.open();
                    }
                    await().atMost(Duration.ofSeconds(60)).until(() -> games.stream().allMatch(g -> plies(relay, g) >= PLIES)
                            || !relay.alertLines(EventType.JOINED_MID_GAME, EventType.BOARD_BLOCKED).isEmpty());
                    assertEquals(List.of(), relay.alertLines(EventType.JOINED_MID_GAME, EventType.BOARD_BLOCKED, EventType.POSITION_UNKNOWN),
                            "the restarted driver continues every game where the relay has it");
                    for (String id : games) {
                        var s = relay.snapshot(id);
                        assertEquals(PLIES, s.getPliesCount(), id + ": no ply lost or repeated");
                        for (int i = 0; i < PLIES; i++) {
                            Move m = game.plies().get(i);
                            assertEquals(m.from(), s.getPlies(i).getMove().getFrom(), id + " ply " + (i + 1));
                            assertEquals(m.to(), s.getPlies(i).getMove().getTo(), id + " ply " + (i + 1));
                        }
                    }
                    // (the wiped variant leaves out the capture-and-press judgement of bus boards polled at 1 s, the judge's area)
                    if (!wipedOutboxAndLateWelcome) assertEquals(List.of(), invented(relay), "no alert invented by the restart");
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
