package org.damrelay.driver.capture;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.dgt.transport.Backoff;
import org.damrelay.driver.dgt.transport.LinkSupervisor;
import org.damrelay.driver.testing.FakeSingleBoard;
import org.damrelay.driver.testing.RecordingObserver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureRoundTripTest {
    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    @Test
    void writesTheSpecFormatAndReadsItBack() throws IOException {
        StringWriter text = new StringWriter();
        try (CaptureWriter w = new CaptureWriter(text)) {
            w.metadata("board", "serial 12345");
            w.linkUp(0, "/dev/ttyACM0");
            w.sent(200, bytes(0x40));
            w.sent(205, bytes(0x42));
            w.received(2502, bytes(0x00, 0x8e, 0x00, 0x05, 0x3f, 0x00, 0x01), 1, 5);
            w.received(2743, bytes(0x8e, 0x00, 0x05, 0x36, 0x01), 0, 5);
            w.linkDown(3000, "read failed");
        }
        assertEquals("""
                # dgt-capture v1
                # board: serial 12345
                # link-up: 0 /dev/ttyACM0
                200 > 40
                205 > 42
                2502 < 8e 00 05 3f 00
                2743 < 8e 00 05 36 01
                # link-down: 3000 read failed
                """, text.toString());

        CaptureReader.Capture c = CaptureReader.read(new StringReader(text + "\n\n"));
        assertEquals(List.of("serial 12345"), c.metadata().get("board"));
        assertEquals(List.of(new CaptureEntry.Link(0, true, "/dev/ttyACM0"),
                new CaptureEntry.Bytes(200, CaptureEntry.Direction.TO_BOARD, bytes(0x40)),
                new CaptureEntry.Bytes(205, CaptureEntry.Direction.TO_BOARD, bytes(0x42)),
                new CaptureEntry.Bytes(2502, CaptureEntry.Direction.FROM_BOARD, bytes(0x8e, 0x00, 0x05, 0x3f, 0x00)),
                new CaptureEntry.Bytes(2743, CaptureEntry.Direction.FROM_BOARD, bytes(0x8e, 0x00, 0x05, 0x36, 0x01)),
                new CaptureEntry.Link(3000, false, "read failed")), c.entries());
    }

    @Test
    void readsTheSpecExampleWithFreeComments() throws IOException {
        String spec = """
                # dgt-capture v1
                # any comment line starts with '#'; free-form "key: value" comments are metadata

                200 > 40
                2502 < 8e 00 05 3f 00
                4427 < 8d 00 0a 01 30 57 01 30 00 11
                """;
        CaptureReader.Capture c = CaptureReader.read(new StringReader(spec));
        assertEquals(3, c.entries().size());
        assertEquals(4427, c.entries().get(2).tMillis());
    }

    @Test
    void flushesOnceASecondOfCaptureTimeHasPassed(@TempDir Path dir) throws IOException {
        try (CaptureWriter w = CaptureWriter.newSession(dir, "/dev/ttyACM0", ZonedDateTime.parse("2026-11-21T09:15:00Z"))) {
            Path file = w.path();
            assertEquals("20261121-091500-ttyACM0.dgtcap", file.getFileName().toString());
            w.tick(0);
            w.received(100, bytes(0x8e, 0x00, 0x05, 0x3f, 0x00), 0, 5);
            w.tick(900);
            assertFalse(Files.readString(file).contains("100 <"), "buffered, not flushed per record");
            w.tick(1100);
            assertTrue(Files.readString(file).contains("100 < 8e 00 05 3f 00"), "on disk a second later");
        }
    }

    @Test
    void aSecondSessionGetsItsOwnFile(@TempDir Path dir) throws IOException {
        ZonedDateTime t = ZonedDateTime.parse("2026-11-21T09:15:00Z");
        try (CaptureWriter a = CaptureWriter.newSession(dir, "serial 12345", t);
             CaptureWriter b = CaptureWriter.newSession(dir, "serial 12345", t)) {
            assertNotEquals(a.path(), b.path());
        }
    }

    @Test
    void liveSessionReplaysToTheSameObserverCalls() throws Exception {
        ManualClock clock = new ManualClock();
        FakeSingleBoard board = new FakeSingleBoard("12345", PieceCodes.standard());
        RecordingObserver live = new RecordingObserver();
        SingleBoardSession session = new SingleBoardSession(live, SingleBoardSession.Config.defaults());
        StringWriter text = new StringWriter();
        CaptureWriter capture = new CaptureWriter(text);
        int[] plugs = {0};
        LinkSupervisor supervisor = new LinkSupervisor(() -> board.plugIn("/dev/ttyACM" + plugs[0]++, clock), session, clock,
                new Backoff(Duration.ofMillis(100), Duration.ofMillis(100), 1), capture);
        for (int i = 0; i < 20; i++) {
            supervisor.step();
        }
        // a move in pieces, split across reads, then a garbage byte and the clock
        byte[] lift = new BoardMessage.FieldUpdate(61, 0).encode();
        byte[] put = new BoardMessage.FieldUpdate(52, 1).encode();
        board.line().inject(Arrays.copyOfRange(lift, 0, 2));
        supervisor.step();
        board.line().inject(concat(Arrays.copyOfRange(lift, 2, 5), put, bytes(0x13)));
        supervisor.step();
        board.line().fail("unplugged");
        for (int i = 0; i < 40 && live.boards.size() < 2; i++) {
            supervisor.step();
        }
        assertEquals(2, live.boards.size(), "reconnected and re-read");
        for (int i = 0; i < 5; i++) {
            supervisor.step();
        }
        capture.close();

        RecordingObserver replayed = new RecordingObserver();
        CaptureReplay.play(CaptureReader.read(new StringReader(text.toString())).entries(),
                new SingleBoardSession(replayed, SingleBoardSession.Config.defaults()));
        assertEquals(live.calls, replayed.calls);
        assertTrue(live.calls.stream().anyMatch(c -> c.endsWith("field 52 WHITE_MAN")));
        assertEquals(List.of("link", "board", "clock", "field", "field", "link", "link", "board", "clock"), live.kinds());
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
