package org.damrelay.driver.dgt.protocol;

import static org.damrelay.driver.dgt.protocol.Recorder.bytes;
import static org.damrelay.driver.dgt.protocol.Recorder.concat;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.damrelay.driver.board.ClockReading;
import org.junit.jupiter.api.Test;

class MessageDecoderTest {

    private static List<BoardMessage> decode(Framing framing, byte[] stream) {
        Recorder r = new Recorder();
        new MessageDecoder(framing, r).feed(0, stream);
        return r.messages;
    }

    private static BoardMessage single(byte[] stream) {
        List<BoardMessage> m = decode(Framing.SINGLE_BOARD, stream);
        assertEquals(1, m.size(), "messages decoded from " + Arrays.toString(stream));
        return m.get(0);
    }

    private static byte[] withHeader(int id, byte[] data) {
        int n = data.length + 3;
        return concat(bytes(id, n >> 7, n & 0x7f), data);
    }

    private static byte[] busFrame(int id, int address, byte[] data) {
        int n = data.length + 6;
        byte[] f = concat(bytes(id, n >> 7, n & 0x7f, address >> 7, address & 0x7f), data, new byte[1]);
        int sum = 0;
        for (int i = 0; i < f.length - 1; i++) {
            sum += f[i] & 0xff;
        }
        f[f.length - 1] = (byte) (sum & 0x7f);
        return f;
    }

    private static byte[] startCodes() {
        byte[] codes = new byte[100];
        for (int f = 0; f < 100; f++) {
            int row = f / 10, col = f % 10;
            if ((row + col) % 2 == 1) {
                codes[f] = (byte) (row <= 3 ? 0x04 : row >= 6 ? 0x01 : 0);
            }
        }
        return codes;
    }

    @Test
    void fieldUpdate() {
        byte[] wire = bytes(0x8e, 0x00, 0x05, 0x3f, 0x00);
        assertEquals(new BoardMessage.FieldUpdate(63, 0), single(wire));
        assertArrayEquals(wire, new BoardMessage.FieldUpdate(63, 0).encode());
    }

    @Test
    void clockTimesFromTheCaptureSpecExample() {
        byte[] wire = bytes(0x8d, 0x00, 0x0a, 0x01, 0x30, 0x57, 0x01, 0x30, 0x00, 0x11);
        BoardMessage.ClockTimes t = (BoardMessage.ClockTimes) single(wire);
        assertEquals(new ClockFace(1, 30, 57, false, false, false), t.right());
        assertEquals(new ClockFace(1, 30, 0, false, false, false), t.left());
        assertTrue(t.running());
        assertFalse(t.rightLeverHigh());
        ClockReading r = t.reading();
        assertEquals(Duration.ofMinutes(90), r.left());
        assertEquals(Duration.ofSeconds(90 * 60 + 57), r.right());
        assertTrue(r.clockPresent());
        assertArrayEquals(wire, t.encode());
    }

    @Test
    void clockFlagsAndStatusBits() {
        byte[] wire = bytes(0x8d, 0x00, 0x0a, 0x10 | 0x40, 0x00, 0x00, 0x20 | 0x02, 0x05, 0x09, 0x02 | 0x04 | 0x20);
        BoardMessage.ClockTimes t = (BoardMessage.ClockTimes) single(wire);
        assertTrue(t.right().flagFallen());
        assertTrue(t.right().flagShown());
        assertTrue(t.left().timePerMove());
        assertEquals(Duration.ofHours(2).plusMinutes(5).plusSeconds(9), t.left().remaining());
        assertTrue(t.rightLeverHigh());
        assertTrue(t.batteryLow());
        assertFalse(t.clockPresent());
        assertFalse(t.running());
        assertTrue(t.reading().rightFlag());
        assertArrayEquals(wire, t.encode());
    }

    @Test
    void clockAckIsNotTimes() {
        byte[] wire = bytes(0x8d, 0x00, 0x0a, 0x0a, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00);
        BoardMessage m = single(wire);
        assertInstanceOf(BoardMessage.ClockAck.class, m);
        assertArrayEquals(wire, m.encode());
        assertInstanceOf(BoardMessage.ClockAck.class, single(bytes(0x8d, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x1a, 0x00, 0x00, 0x00)));
    }

    @Test
    void allZeroBluetoothClockIsIgnored() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0x8e, 0x00, 0x05, 0x01, 0x01));
        assertEquals(List.of(new BoardMessage.FieldUpdate(1, 1)), r.messages);
        assertEquals(1, d.stats().ignored());
    }

    @Test
    void allZeroClockOnTheBusIsIgnoredToo() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.BUS, r);
        d.feed(0, busFrame(0x84, 3, new byte[7]));
        assertTrue(r.messages.isEmpty());
        assertEquals(1, d.stats().ignored());
    }

    @Test
    void clockWithInvalidBcdIsMalformedNotThrown() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x8d, 0x00, 0x0a, 0x01, 0x3f, 0x00, 0x01, 0x00, 0x00, 0x01));
        assertTrue(r.messages.isEmpty());
        assertEquals(1, d.stats().malformed());
    }

    @Test
    void boardDump() {
        byte[] codes = startCodes();
        byte[] wire = withHeader(0x86, codes);
        assertEquals(103, wire.length);
        assertEquals(0x67, wire[2]);
        BoardMessage.BoardDump dump = (BoardMessage.BoardDump) single(wire);
        assertArrayEquals(codes, dump.codes());
        assertEquals(0x04, dump.code(1));
        assertArrayEquals(wire, dump.encode());
    }

    @Test
    void eeMoves() {
        byte[] log = bytes(0x6a, 0x41, 0x1f, 0x61, 0x30, 0x15, 0x4a, 0x05, 0x6b);
        BoardMessage.EeMoves m = (BoardMessage.EeMoves) single(withHeader(0x8f, log));
        assertEquals(EeLog.of(new EeEntry.Marker(EeEntry.Marker.POWERUP), new EeEntry.FieldTag(31, 1),
                new EeEntry.TimeTag(false, 1, 30, 15), new EeEntry.FieldTag(5, 0x0a), new EeEntry.Marker(EeEntry.Marker.EOF)), m.log());
        assertArrayEquals(withHeader(0x8f, log), m.encode());
    }

    @Test
    void longEeMovesUsesBothLengthBytes() {
        byte[] log = new byte[8000];
        for (int i = 0; i < log.length; i += 2) {
            log[i] = 0x41;
            log[i + 1] = (byte) (i % 100);
        }
        byte[] wire = withHeader(0x8f, log);
        assertEquals(8003, ((wire[1] & 0x7f) << 7) | wire[2]);
        BoardMessage.EeMoves m = (BoardMessage.EeMoves) single(wire);
        assertEquals(4000, m.log().entries().size());
        assertArrayEquals(wire, m.encode());
    }

    @Test
    void serialNumbersAndVersion() {
        assertEquals(new BoardMessage.SerialNumber("12345", false),
                single(concat(bytes(0x91, 0x00, 0x08), "12345".getBytes(StandardCharsets.US_ASCII))));
        assertEquals(new BoardMessage.SerialNumber("A123456789", true),
                single(concat(bytes(0xa2, 0x00, 0x0d), "A123456789".getBytes(StandardCharsets.US_ASCII))));
        assertEquals(new BoardMessage.Version(1, 7), single(bytes(0x93, 0x00, 0x05, 0x01, 0x07)));
        assertArrayEquals(bytes(0x91, 0x00, 0x08, '5', '4', '3', '2', '1'), new BoardMessage.SerialNumber("54321", false).encode());
    }

    @Test
    void halfBoardDumpsAndBattery() {
        byte[] codes = new byte[50];
        codes[0] = 0x04;
        codes[49] = 0x01;
        BoardMessage.HalfBoardDump b = (BoardMessage.HalfBoardDump) single(withHeader(0x94, codes));
        assertFalse(b.whiteSide());
        assertEquals(1, b.field(0), "square 1 is row 0 col 1");
        assertEquals(90, b.field(45), "square 46 is row 9 col 0");
        BoardMessage.HalfBoardDump w = (BoardMessage.HalfBoardDump) single(withHeader(0x95, codes));
        assertTrue(w.whiteSide());
        assertEquals(90, w.field(4));
        assertArrayEquals(withHeader(0x95, codes), w.encode());
        BoardMessage.BatteryStatus bat = (BoardMessage.BatteryStatus) single(bytes(0xa0, 0x00, 0x07, 0x58, 0x00, 0x01, 0x02));
        assertArrayEquals(bytes(0x58, 0x00, 0x01, 0x02), bat.data());
    }

    @Test
    void everySplitPointGivesTheSameMessages() {
        byte[] stream = concat(bytes(0x8e, 0x00, 0x05, 0x3f, 0x00), bytes(0x8d, 0x00, 0x0a, 0x01, 0x30, 0x57, 0x01, 0x30, 0x00, 0x11),
                withHeader(0x86, startCodes()), bytes(0x8e, 0x00, 0x05, 0x36, 0x01));
        List<BoardMessage> whole = decode(Framing.SINGLE_BOARD, stream);
        assertEquals(4, whole.size());
        for (int split = 0; split <= stream.length; split++) {
            Recorder r = new Recorder();
            MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
            d.feed(0, stream, 0, split);
            d.feed(1, stream, split, stream.length - split);
            assertEquals(whole, r.messages, "split at " + split);
        }
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        for (int i = 0; i < stream.length; i++) {
            d.feed(i, stream, i, 1);
        }
        assertEquals(whole, r.messages, "one byte per read");
        assertEquals(0, d.stats().garbageBytes());
    }

    @Test
    void messageTimeIsTheTimeOfTheReadThatCompletedIt() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(100, bytes(0x8e, 0x00, 0x05, 0x3f, 0x00, 0x8e, 0x00));
        d.feed(180, bytes(0x05, 0x36, 0x01));
        assertEquals(List.of(100L, 180L), r.times);
    }

    @Test
    void garbageBeforeAndAfterIsSkippedAndCounted() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x01, 0x02, 0x7f, 0x8e, 0x00, 0x05, 0x3f, 0x00, 0x11, 0x22));
        assertEquals(List.of(new BoardMessage.FieldUpdate(63, 0)), r.messages);
        assertEquals(5, d.stats().garbageBytes());
    }

    @Test
    void msbByteMidMessageResynchronisesThere() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x8e, 0x00, 0x05, 0x3f, 0x8e, 0x00, 0x05, 0x36, 0x01));
        assertEquals(List.of(new BoardMessage.FieldUpdate(54, 1)), r.messages);
        assertEquals(1, d.stats().resyncs());
        d.feed(1, bytes(0x86, 0x00, 0x67, 0x00, 0x00, 0x8e, 0x00, 0x05, 0x37, 0x00));
        assertEquals(new BoardMessage.FieldUpdate(55, 0), r.messages.get(1));
        assertEquals(2, d.stats().resyncs());
    }

    @Test
    void impossibleLengthIsDroppedAndTheNextMessageRead() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x8e, 0x00, 0x09, 0x3f, 0x00, 0x86, 0x7f, 0x7f, 0x8e, 0x00, 0x05, 0x3f, 0x01));
        assertEquals(List.of(new BoardMessage.FieldUpdate(63, 1)), r.messages);
        assertEquals(2, d.stats().badLengths());
        assertEquals(2, d.stats().garbageBytes());
    }

    @Test
    void unknownIdIsSkippedByItsLength() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, bytes(0x92, 0x00, 0x07, 0x44, 0x47, 0x54, 0x20, 0x8e, 0x00, 0x05, 0x3f, 0x01));
        assertEquals(List.of(new BoardMessage.FieldUpdate(63, 1)), r.messages);
        assertEquals(1, d.stats().unknownIds());
        assertEquals(0, d.stats().garbageBytes());
    }

    @Test
    void partialMessageOlderThanTheTimeoutIsDropped() {
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, 500, r);
        d.feed(0, bytes(0x8e, 0x00, 0x05, 0x3f));
        d.feed(400, bytes(0x00));
        assertEquals(1, r.messages.size(), "in time");
        d.feed(1000, bytes(0x8e, 0x00));
        d.expire(2000);
        assertFalse(d.inMessage());
        assertEquals(1, d.stats().stale());
        d.feed(2001, bytes(0x05, 0x3f, 0x00));
        assertEquals(1, r.messages.size(), "the rest of a dropped message is garbage, not a message");
        assertEquals(3, d.stats().garbageBytes());
    }

    @Test
    void busRepliesWithGoodChecksums() {
        byte[] ping = busFrame(0x87, 5, new byte[0]);
        assertArrayEquals(bytes(0x87, 0x00, 0x06, 0x00, 0x05, 0x12), ping);
        byte[] changes = busFrame(0x85, 300, bytes(0x41, 0x1f, 0x40, 0x24, 0x71, 0x29, 0x59));
        byte[] fromStart = busFrame(0x86, 300, bytes(0x6f));
        byte[] dump = busFrame(0x83, 2, startCodes());
        byte[] clock = busFrame(0x84, 7, bytes(0x01, 0x30, 0x57, 0x01, 0x30, 0x00, 0x11));
        byte[] version = busFrame(0x89, 7, bytes(0x02, 0x01));
        byte[] written = busFrame(0x88, 7, new byte[0]);
        byte[] half = busFrame(0x8a, 7, new byte[50]);
        List<BoardMessage> got = decode(Framing.BUS, concat(ping, changes, fromStart, dump, clock, version, written, half));
        EeLog log = EeLog.of(new EeEntry.FieldTag(31, 1), new EeEntry.FieldTag(36, 0), new EeEntry.TimeTag(true, 1, 29, 59));
        BoardMessage.ClockTimes times = new BoardMessage.ClockTimes(new ClockFace(1, 30, 57, false, false, false),
                new ClockFace(1, 30, 0, false, false, false), 0x11);
        assertEquals(List.of(new BusReply.BusPing(5), new BusReply.BusChanges(300, false, log),
                new BusReply.BusChanges(300, true, EeLog.of(new EeEntry.Marker(EeEntry.Marker.BEGINPOS))),
                new BusReply.BusBoardDump(2, startCodes()), new BusReply.BusClock(7, times), new BusReply.BusVersion(7, 2, 1),
                new BusReply.BusStartGameWritten(7), new BusReply.BusBoardDump50(7, new byte[50])), got);
        for (int i = 0; i < got.size(); i++) {
            byte[][] frames = {ping, changes, fromStart, dump, clock, version, written, half};
            assertArrayEquals(frames[i], got.get(i).encode(), "encode " + got.get(i));
        }
    }

    @Test
    void busReplyWithBadChecksumIsReportedNotDecoded() {
        byte[] changes = busFrame(0x85, 3, bytes(0x41, 0x1f));
        changes[changes.length - 1] ^= 0x01;
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.BUS, r);
        d.feed(0, concat(changes, busFrame(0x87, 4, new byte[0])));
        assertEquals(List.of(new BusReply.BusPing(4)), r.messages);
        assertEquals(1, r.badChecksums.size());
        assertArrayEquals(new int[] {0x85, 3}, r.badChecksums.get(0));
        assertEquals(1, d.stats().badChecksums());
    }

    @Test
    void idsMeanDifferentThingsPerFraming() {
        byte[] fromStart = busFrame(0x86, 1, bytes(0x6f));
        assertInstanceOf(BusReply.BusChanges.class, decode(Framing.BUS, fromStart).get(0));
        Recorder r = new Recorder();
        MessageDecoder d = new MessageDecoder(Framing.SINGLE_BOARD, r);
        d.feed(0, fromStart);
        assertTrue(r.messages.isEmpty(), "0x86 with length 7 is no BOARD_DUMP");
        assertEquals(1, d.stats().badLengths());
    }
}
