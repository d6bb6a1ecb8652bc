package org.damrelay.emulator.speaker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.transport.MemoryChannel;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.NoiseSource;
import org.damrelay.emulator.RandomGamesForTests;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;

/** The pump on an in-process line, as fast as possible: a whole game goes out, in order, byte for byte. */
class LinePumpTest {
    /** Reads what the line holds into {@code got} and the decoder; true when it held nothing. */
    private static boolean drained(MemoryChannel host, byte[] buf, ByteArrayOutputStream got, MessageDecoder decoder) throws Exception {
        int n, total = 0;
        while ((n = host.read(buf, 20)) > 0) {
            got.write(buf, 0, n);
            decoder.feed(0, Arrays.copyOf(buf, n));
            total += n;
        }
        return total == 0;
    }

    @Test
    void aWholeGameAtFullSpeedArrivesAsTheTimelineSaysAndAsTheLogSays() throws Exception {
        // An in-process line cannot be replugged, so heavy noise without the cable pulls.
        NoiseProfile heavy = NoiseProfile.heavy().with(NoiseSource.UNPLUG, 0);
        Timeline timeline = new Emulator(EmulatorConfig.defaults().withNoise(heavy).withSeed(4))
                .play(Position.start(), RandomGamesForTests.play(44, 80));
        BoardSpeaker board = new BoardSpeaker(timeline, "FASTBOARD1", 1, PieceCodes.standard(), NoiseProfile.none(), 1);
        MemoryChannel[] line = MemoryChannel.pair("fast");
        LinePump pump = new LinePump(List.of(board), generation -> line[1], Pace.fast(), 200, true);
        Thread t = new Thread(pump, "fast-pump");
        t.start();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        List<BoardMessage> messages = new ArrayList<>();
        MessageDecoder decoder = new MessageDecoder(Framing.SINGLE_BOARD, (ms, m) -> messages.add(m));
        try {
            // One write, so both commands arrive together while the emulated clock still stands at 0.
            line[0].write(new byte[] {(byte) Command.SEND_UPDATE_BRD.code(), (byte) Command.SEND_BRD.code()});
            byte[] buf = new byte[4096];
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20)).until(() -> drained(line[0], buf, got, decoder) && pump.done());
        } finally {
            pump.stop();
            t.join(5000);
        }
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        for (BoardSpeaker.Outgoing o : board.sent()) sent.write(o.bytes());
        assertArrayEquals(sent.toByteArray(), got.toByteArray());
        // Update mode from time 0: every reported change, in order, after the board dump.
        List<int[]> updates = messages.stream().filter(BoardMessage.FieldUpdate.class::isInstance)
                .map(m -> new int[] {((BoardMessage.FieldUpdate) m).field(), ((BoardMessage.FieldUpdate) m).code()}).toList();
        List<BoardEvent.FieldChanged> changes = timeline.only(BoardEvent.FieldChanged.class);
        assertEquals(changes.size(), updates.size());
        for (int i = 0; i < changes.size(); i++) {
            assertEquals(changes.get(i).field(), updates.get(i)[0]);
            assertEquals(PieceCodes.standard().codeOf(changes.get(i).now()), updates.get(i)[1]);
        }
        assertTrue(messages.stream().noneMatch(BoardMessage.ClockTimes.class::isInstance), "SEND_UPDATE_BRD: no clock");
        Sensed[] dumped = PieceCodes.standard().sensed(((BoardMessage.BoardDump) messages.stream()
                .filter(BoardMessage.BoardDump.class::isInstance).findFirst().orElseThrow()).codes());
        assertArrayEquals(timeline.reportedBoardAt(0), dumped, "the dump shows the board as it stood when asked");
    }

    @Test
    void pausedPlayersStandStillUntilTheHostReadsTheBoardAndThenTheRestOfTheGameFollowsInOrder() throws Exception {
        Timeline timeline = new Emulator(EmulatorConfig.defaults().withSeed(5)).play(Position.start(), RandomGamesForTests.play(45, 8));
        BoardSpeaker board = new BoardSpeaker(timeline, "PAUSEBOARD", 1, PieceCodes.standard(), NoiseProfile.none(), 1);
        MemoryChannel[] line = MemoryChannel.pair("pause");
        LinePump pump = new LinePump(List.of(board), generation -> line[1], new Pace(50), 200, true);
        Thread t = new Thread(pump, "pause-pump");
        t.start();
        List<BoardMessage> messages = new ArrayList<>();
        MessageDecoder decoder = new MessageDecoder(Framing.SINGLE_BOARD, (ms, m) -> messages.add(m));
        byte[] buf = new byte[4096];
        try {
            line[0].write(new byte[] {(byte) Command.SEND_UPDATE_BRD.code(), (byte) Command.SEND_BRD.code()});
            await().atMost(Duration.ofSeconds(20)).until(() -> board.playStart().isPresent());
            List<Integer> made = pump.pausePlayers(List.of(2)).get(20, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(made.get(0) >= 1 && made.get(0) <= 2, "a ply under way counts, else the two asked: " + made);
            await().atMost(Duration.ofSeconds(60)).until(pump::playersStanding);
            Sensed[] standing = board.board();
            assertTrue(timeline.rests().stream().anyMatch(r -> Arrays.equals(timeline.reportedBoardAt(r.from()), standing)),
                    "they stand in a position between plies");
            assertNotEquals(Arrays.asList(timeline.reportedBoardAt(timeline.endMillis())), Arrays.asList(standing), "not at the end");

            line[0].write(new byte[] {(byte) Command.SEND_BRD.code()}); // the host is back: they play on
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(20))
                    .until(() -> drained(line[0], buf, new ByteArrayOutputStream(), decoder) && pump.done());
        } finally {
            pump.stop();
            t.join(5000);
        }
        List<BoardEvent.FieldChanged> changes = timeline.only(BoardEvent.FieldChanged.class);
        List<BoardMessage.FieldUpdate> updates = messages.stream().filter(BoardMessage.FieldUpdate.class::isInstance)
                .map(BoardMessage.FieldUpdate.class::cast).toList();
        assertEquals(changes.size(), updates.size(), "nothing lost, nothing twice");
        for (int i = 0; i < changes.size(); i++) assertEquals(changes.get(i).field(), updates.get(i).field(), "in order, at " + i);
        assertEquals(2, messages.stream().filter(BoardMessage.BoardDump.class::isInstance).count());
    }
}
