package org.damrelay.emulator.speaker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.clock.DriverClock;
import org.damrelay.driver.dgt.bus.BoardState;
import org.damrelay.driver.dgt.bus.BusListener;
import org.damrelay.driver.dgt.bus.BusPoller;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.JSerialCommChannel;
import org.damrelay.driver.dgt.transport.LineRecorder;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.RandomGamesForTests;
import org.damrelay.emulator.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three emulated boards on one pty line, driver-io's BusPoller on the other end: found by PING, followed by polling. */
class BusPollerEndToEndTest {
    @TempDir Path dir;

    static final class Seen implements BoardObserver {
        private final Sensed[] board = new Sensed[100];
        Seen() { Arrays.fill(board, Sensed.EMPTY); }
        @Override public synchronized void onBoard(long t, Sensed[] fields) { System.arraycopy(fields, 0, board, 0, 100); }
        @Override public synchronized void onFieldChange(long t, int field, Sensed now) { board[field] = now; }
        @Override public void onClock(long t, ClockReading clock) {}
        @Override public void onLink(long t, boolean connected) {}
        synchronized Sensed[] board() { return board.clone(); }
    }

    @Test
    void theDriversBusPollerFindsThreeBoardsAndFollowsEach() throws Exception {
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        List<BoardSpeaker> boards = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.defaults()).withTiming(quick).withSeed(20 + i);
            var moves = RandomGamesForTests.play(30 + i, 14);
            boards.add(new BoardSpeaker(new Emulator(config).play(Position.start(), moves), "BUSPTY000" + i, 201 + i,
                    PieceCodes.standard(), NoiseProfile.none(), i));
        }
        Path link = dir.resolve("bus");
        LinePump pump = new LinePump(boards, new PtyLine(link), new Pace(20), 3000, true);
        Thread emulator = new Thread(pump, "bus-emulator");
        emulator.start();

        Map<Integer, Seen> seen = new ConcurrentHashMap<>();
        BusPoller poller = new BusPoller(a -> seen.computeIfAbsent(a, x -> new Seen()), BusPoller.Config.defaults(), BusListener.NONE);
        LinkSupervisor driver = new LinkSupervisor(() -> JSerialCommChannel.open(link.toString()), poller, DriverClock.system(),
                new Backoff(Duration.ofMillis(100), Duration.ofMillis(400), 2), LineRecorder.NONE);
        Thread host = new Thread(driver, "bus-driver");
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(link));
            host.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> poller.states().size() == 3);
            assertEquals(Map.of(201, BoardState.CONNECTED, 202, BoardState.CONNECTED, 203, BoardState.CONNECTED), poller.states());
            await().atMost(Duration.ofSeconds(30)).until(() -> boards.stream().allMatch(BoardSpeaker::finished));
            for (int i = 0; i < 3; i++) {
                BoardSpeaker b = boards.get(i);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(
                        () -> assertArrayEquals(b.board(), seen.get(b.address()).board(), "board " + b.address()));
            }
        } finally {
            pump.stop();
            driver.stop();
            host.join(5000);
            emulator.join(5000);
        }
    }
}
