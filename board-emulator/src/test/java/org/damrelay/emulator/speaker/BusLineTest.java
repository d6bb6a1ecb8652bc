package org.damrelay.emulator.speaker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.transport.MemoryChannel;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timing;
import org.junit.jupiter.api.Test;

/** Three emulated boards sharing one line in bus mode: discovery by PING, then polling each for its changes. */
class BusLineTest {
    private static final int[] ADDRESSES = {101, 102, 103};

    private final MemoryChannel[] line = MemoryChannel.pair("bus");
    private final ConcurrentLinkedQueue<BoardMessage> replies = new ConcurrentLinkedQueue<>();
    private final MessageDecoder decoder = new MessageDecoder(Framing.BUS, (t, m) -> replies.add(m));
    private final byte[] buf = new byte[4096];

    /** Reads the line for about this long (the read timeout is the wait). */
    private void listen(long millis) throws IOException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            int n = line[0].read(buf, 20);
            if (n > 0) decoder.feed(0, Arrays.copyOf(buf, n));
        }
    }

    private <T extends BoardMessage> T reply(Class<T> type, int address, long maxMillis) throws IOException {
        long end = System.nanoTime() + maxMillis * 1_000_000;
        while (System.nanoTime() < end) {
            for (BoardMessage m : replies) {
                if (type.isInstance(m) && ((BusReply) m).address() == address) {
                    replies.remove(m);
                    return type.cast(m);
                }
            }
            int n = line[0].read(buf, 20);
            if (n > 0) decoder.feed(0, Arrays.copyOf(buf, n));
        }
        return null;
    }

    private static List<Move> game(long seed) {
        List<Move> moves = new ArrayList<>();
        Position p = Position.start();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 16; i++) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            Move m = legal.get(r.nextInt(legal.size()));
            moves.add(m);
            p = p.apply(m);
        }
        return moves;
    }

    @Test
    void threeBoardsAreDiscoveredAndEachOnesUpdatesArriveByPolling() throws Exception {
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        List<BoardSpeaker> boards = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.defaults()).withTiming(quick).withSeed(10 + i);
            boards.add(new BoardSpeaker(new Emulator(config).play(Position.start(), game(i)), "BUSBOARD0" + i, ADDRESSES[i],
                    PieceCodes.standard(), NoiseProfile.none(), i));
        }
        LinePump pump = new LinePump(boards, generation -> line[1], new Pace(20), 500, true);
        Thread emulator = new Thread(pump, "bus-emulator");
        emulator.start();
        try {
            // Discovery: ping everyone, silence those found, until a ping goes unanswered.
            TreeSet<Integer> found = new TreeSet<>();
            for (int round = 0; round < 8; round++) {
                for (int a : found) line[0].write(BusCommand.IGNORE_NEXT_BUS_PING.encode(a));
                long garbageBefore = decoder.stats().garbageBytes() + decoder.stats().badChecksums();
                line[0].write(BusCommand.PING.encode(0));
                listen(400); // 1.1 s of emulated answer window at speed 20, with margin
                int answers = 0;
                for (BoardMessage m; (m = replies.poll()) != null; ) {
                    if (m instanceof BusReply.BusPing p) {
                        found.add(p.address());
                        answers++;
                    }
                }
                boolean collided = decoder.stats().garbageBytes() + decoder.stats().badChecksums() > garbageBefore;
                if (answers == 0 && !collided) break; // everyone found is silenced and nobody else answers
            }
            assertEquals(new TreeSet<>(List.of(101, 102, 103)), found);

            Map<Integer, Sensed[]> known = new HashMap<>();
            for (int a : ADDRESSES) {
                line[0].write(BusCommand.SEND_BRD.encode(a));
                BusReply.BusBoardDump dump = reply(BusReply.BusBoardDump.class, a, 1000);
                assertNotNull(dump, "board " + a + " answers SEND_BRD");
                known.put(a, PieceCodes.standard().sensed(dump.codes()));
            }
            int changes = 0;
            for (int poll = 0; poll < 400 && !boards.stream().allMatch(BoardSpeaker::finished); poll++) {
                for (int a : ADDRESSES) {
                    line[0].write(BusCommand.SEND_CHANGES.encode(a));
                    BusReply.BusChanges reply = reply(BusReply.BusChanges.class, a, 500);
                    assertNotNull(reply, "board " + a + " answers SEND_CHANGES");
                    for (EeEntry e : reply.log().entries()) {
                        if (e instanceof EeEntry.FieldTag f) {
                            known.get(a)[f.field()] = PieceCodes.standard().sensed(f.code());
                            changes++;
                        }
                    }
                }
            }
            // One last round for what arrived after the final poll.
            for (int a : ADDRESSES) {
                line[0].write(BusCommand.SEND_CHANGES.encode(a));
                BusReply.BusChanges reply = reply(BusReply.BusChanges.class, a, 500);
                for (EeEntry e : reply.log().entries()) if (e instanceof EeEntry.FieldTag f) known.get(a)[f.field()] = PieceCodes.standard().sensed(f.code());
            }
            assertTrue(changes >= 3 * 16 * 2, "every board's plies came as field tags: " + changes);
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(boards.get(i).board(), known.get(ADDRESSES[i]), "board " + ADDRESSES[i] + " followed by polling");
            }
            // REPEAT_CHANGES gives the last answer again, not new data.
            line[0].write(BusCommand.REPEAT_CHANGES.encode(101));
            assertNotNull(reply(BusReply.BusChanges.class, 101, 500));
        } finally {
            pump.stop();
            emulator.join(5000);
        }
        await().atMost(Duration.ofSeconds(30)).until(pump::done);
    }
}
