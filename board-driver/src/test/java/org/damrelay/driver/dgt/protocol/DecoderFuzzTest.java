package org.damrelay.driver.dgt.protocol;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Random and mutated streams: the decoder must never throw, and must find a valid message after any junk. */
class DecoderFuzzTest {
    private static final int ITERATIONS = 3000;

    private static final List<BoardMessage> VALID = List.of(
            new BoardMessage.FieldUpdate(63, 1),
            new BoardMessage.ClockTimes(new ClockFace(1, 30, 57, false, false, false), new ClockFace(0, 59, 1, true, false, true), 0x13),
            new BoardMessage.BoardDump(new byte[100]),
            new BoardMessage.EeMoves(EeLog.of(new EeEntry.FieldTag(3, 1), new EeEntry.TimeTag(false, 1, 2, 3))),
            new BoardMessage.SerialNumber("12345", false),
            new BoardMessage.Version(2, 3));

    private static final List<BoardMessage> VALID_BUS = List.of(
            new BusReply.BusPing(5),
            new BusReply.BusChanges(12, false, EeLog.of(new EeEntry.FieldTag(31, 4))),
            new BusReply.BusBoardDump(700, new byte[100]));

    @Test
    void randomAndMutatedStreamsNeverBreakTheDecoder() {
        Random rnd = new Random(20261121L);
        for (int it = 0; it < ITERATIONS; it++) {
            Framing framing = it % 3 == 0 ? Framing.BUS : Framing.SINGLE_BOARD;
            List<BoardMessage> pool = framing == Framing.BUS ? VALID_BUS : VALID;
            byte[] junk = it % 2 == 0 ? randomBytes(rnd) : mutated(rnd, pool);
            BoardMessage sentinel = pool.get(rnd.nextInt(pool.size()));
            byte[] stream = Recorder.concat(junk, sentinel.encode());

            Recorder r = new Recorder();
            MessageDecoder d = new MessageDecoder(framing, r);
            long t = 0;
            int at = 0;
            while (at < stream.length) {
                int n = Math.min(stream.length - at, 1 + rnd.nextInt(40));
                d.feed(t, stream, at, n);
                at += n;
                t += rnd.nextInt(3);
            }
            assertFalse(r.messages.isEmpty(), "iteration " + it + ": the valid message after the junk was lost");
            assertEquals(sentinel, r.messages.get(r.messages.size() - 1), "iteration " + it);
            assertFalse(d.inMessage(), "iteration " + it + ": nothing should be pending after a complete message");
        }
    }

    private static byte[] randomBytes(Random rnd) {
        byte[] b = new byte[rnd.nextInt(400)];
        rnd.nextBytes(b);
        return b;
    }

    private static byte[] mutated(Random rnd, List<BoardMessage> pool) {
        byte[] base = Recorder.concat(pool.get(rnd.nextInt(pool.size())).encode(), pool.get(rnd.nextInt(pool.size())).encode());
        int mutations = 1 + rnd.nextInt(4);
        for (int m = 0; m < mutations && base.length > 1; m++) {
            int i = rnd.nextInt(base.length);
            switch (rnd.nextInt(3)) {
                case 0 -> base[i] ^= (byte) (1 << rnd.nextInt(8));
                case 1 -> base = Recorder.concat(Arrays.copyOfRange(base, 0, i), Arrays.copyOfRange(base, i + 1, base.length));
                default -> base = Recorder.concat(Arrays.copyOfRange(base, 0, i), new byte[] {(byte) rnd.nextInt(256)},
                        Arrays.copyOfRange(base, i, base.length));
            }
        }
        return base;
    }
}
