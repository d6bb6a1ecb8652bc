package org.damrelay.emulator.speaker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.io.StringReader;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.bus.BusListener;
import org.damrelay.driver.dgt.bus.BusPoller;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.dgt.transport.MemoryChannel;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.replay.CaptureReconstruction;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.RandomGamesForTests;
import org.damrelay.emulator.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Three emulated boards on one in-process bus line, the driver's own BusPoller and a Reconstructor
 * per board on the other end. Discovery takes seconds; each board's game must begin only once the
 * poller has read that board, so the driver sees every starting position and every move, with the
 * timelines played as they were made (no set-up time added to hide a late read).
 */
@Timeout(90)
class BusGameStartTest {
    private static final int[] ADDRESSES = {111, 112, 113};
    private static final int PLIES = 12;
    /**
     * The emulator runs at life's tempo: a bus reads each board about once a second of real time, so
     * played faster the bus would see several plies, a late removal and the reply's lifted piece in one
     * read — coarser than any hall's bus, and a capture kept open for late removals needs the board
     * read at the players' own tempo.
     */
    private static final int PACE = 1;

    @Test
    void eachBoardsGameReachesTheDriverWholeAndNoBoardStartsBeforeItIsRead() throws Exception {
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        List<List<Move>> games = new ArrayList<>();
        List<BoardSpeaker> boards = new ArrayList<>();
        for (int i = 0; i < ADDRESSES.length; i++) {
            games.add(RandomGamesForTests.play(60 + i, PLIES));
            EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withTiming(quick).withSeed(40 + i);
            boards.add(new BoardSpeaker(new Emulator(config).play(Position.start(), games.get(i)), "BUSSTART0" + i, ADDRESSES[i],
                    PieceCodes.standard(), NoiseProfile.none(), i));
        }
        MemoryChannel[] line = MemoryChannel.pair("bus-start");
        LinePump pump = new LinePump(boards, generation -> line[1], new Pace(PACE), 60_000, true);
        Thread emulator = new Thread(pump, "bus-start-emulator");

        Map<Integer, List<ArbiterEvent>> events = new ConcurrentHashMap<>();
        BusPoller poller = new BusPoller(address -> {
            List<ArbiterEvent> heard = events.computeIfAbsent(address, a -> new CopyOnWriteArrayList<>());
            return new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL).paced(PACE), heard::add);
        }, BusPoller.Config.defaults(), BusListener.NONE);
        StringWriter recorded = new StringWriter();
        CaptureWriter capture = new CaptureWriter(recorded);
        capture.metadata("mode", "bus");
        LinkSupervisor driver = new LinkSupervisor(() -> line[0], poller, DriverClock.system(),
                new Backoff(Duration.ofMillis(100), Duration.ofMillis(400), 2), capture);
        Thread host = new Thread(driver, "bus-start-driver");
        emulator.start();
        host.start();
        try {
            await().atMost(Duration.ofSeconds(60))
                    .failFast("a board's game began before the driver read it: POSITION_UNKNOWN", () -> events.values().stream()
                            .anyMatch(heard -> heard.stream().anyMatch(e -> e.type() == EventType.POSITION_UNKNOWN)))
                    .until(() -> {
                for (int i = 0; i < ADDRESSES.length; i++) if (moves(events.get(ADDRESSES[i])).size() < PLIES) return false;
                return true;
            });
            for (int i = 0; i < ADDRESSES.length; i++) {
                List<ArbiterEvent> heard = events.get(ADDRESSES[i]);
                assertTrue(heard.stream().noneMatch(e -> e.type() == EventType.POSITION_UNKNOWN),
                        "board " + ADDRESSES[i] + " was seen in its starting position: " + heard);
                assertEquals(games.get(i), moves(heard), "board " + ADDRESSES[i] + "'s game, exactly");
                // Discovery is at least two PING windows of 1.1 s (at PACE, longer still in emulated time).
                assertTrue(boards.get(i).playStart().orElseThrow() >= 2 * 1100,
                        "board " + ADDRESSES[i] + " started at " + boards.get(i).playStart() + ", before discovery ended");
            }
            // the line's own capture replays to the same games, one stream per address (damrelay replay of a bus capture)
            driver.stop();
            host.join(5000);
            capture.close();
            var read = CaptureReader.read(new StringReader(recorded.toString()));
            assertTrue(read.bus());
            Map<Integer, List<ArbiterEvent>> replayed = new TreeMap<>();
            CaptureReconstruction.replayLine(read, true,
                    ReconstructConfig.defaults(Variant.INTERNATIONAL).paced(PACE),
                    address -> replayed.computeIfAbsent(address, a -> new ArrayList<>())::add);
            for (int i = 0; i < ADDRESSES.length; i++) {
                assertEquals(games.get(i), moves(replayed.get(ADDRESSES[i])).subList(0, PLIES), "board " + ADDRESSES[i] + " replayed");
            }
        } finally {
            pump.stop();
            driver.stop();
            host.join(5000);
            emulator.join(5000);
        }
    }

    private static List<Move> moves(List<ArbiterEvent> heard) {
        if (heard == null) return List.of();
        return heard.stream().filter(e -> e.type() == EventType.MOVE).map(ArbiterEvent::move).toList();
    }
}
