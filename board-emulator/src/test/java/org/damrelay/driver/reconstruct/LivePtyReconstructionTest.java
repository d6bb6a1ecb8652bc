package org.damrelay.driver.reconstruct;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.Connectors;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timing;
import org.damrelay.emulator.speaker.BoardSpeaker;
import org.damrelay.emulator.speaker.LinePump;
import org.damrelay.emulator.speaker.Pace;
import org.damrelay.emulator.speaker.PtyLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live path, as in a playing hall but faster: the emulator plays a corpus game with default
 * noise on one end of a real socat pseudo-terminal pair; on the other end the driver's link
 * supervisor, session and reconstruction read it on the system clock. The moves arrive in order,
 * exactly the game's, with no alert a legal game must not raise.
 */
class LivePtyReconstructionTest {
    private static final double PACE = 10;
    private static final int PLIES = 40;

    @TempDir Path dir;

    @Test
    void movesArriveInOrderOverARealPseudoTerminal() throws Exception {
        PdnGame game = SharedTree.corpusFile("nk_ronde_01.pdn").get(0);
        List<Move> plies = game.plies().subList(0, PLIES);
        // human hands, but quick thinkers: the test stays within seconds
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.defaults()).withTiming(quick).withSeed(11);
        BoardSpeaker board = new BoardSpeaker(new Emulator(config).play(game.start(), plies), "EMU0000011", 1,
                PieceCodes.standard(), NoiseProfile.defaults(), 11);
        LinePump pump = new LinePump(List.of(board), new PtyLine(dir.resolve("dgt")), new Pace(PACE), 1500, true);
        Thread emulator = new Thread(pump, "emulator");

        List<ArbiterEvent> events = new CopyOnWriteArrayList<>();
        Reconstructor reconstructor = new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL).paced(PACE), events::add);
        LinkSupervisor driver = new LinkSupervisor(Connectors.byPath(dir.resolve("dgt").toString()),
                new SingleBoardSession(reconstructor, SingleBoardSession.Config.defaults()), DriverClock.system(),
                Backoff.standard(), LineRecorder.NONE);
        Thread host = new Thread(driver, "driver");
        try {
            emulator.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(dir.resolve("dgt")));
            host.start();
            await().atMost(Duration.ofSeconds(120)).until(() -> moves(events).size() >= PLIES || pump.done());
            await().atMost(Duration.ofSeconds(30)).until(() -> moves(events).size() >= PLIES);

            assertEquals(plies, moves(events), "the game's moves, in order: " + events);
            List<ArbiterEvent> wrong = events.stream().filter(e -> e.type() == EventType.ILLEGAL_MOVE
                    || e.type() == EventType.POSITION_UNKNOWN || e.type() == EventType.MOVE_REPLACED
                    || e.type() == EventType.MOVE_RETRACTED).toList();
            assertTrue(wrong.isEmpty(), "a legal game raised " + wrong);
        } finally {
            pump.stop();
            driver.stop();
            host.join(5000);
            emulator.join(5000);
        }
    }

    private static List<Move> moves(List<ArbiterEvent> events) {
        return events.stream().filter(e -> e.type() == EventType.MOVE).map(ArbiterEvent::move).toList();
    }
}
