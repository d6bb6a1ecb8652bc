package org.damrelay.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.driver.station.BoardSource;
import org.damrelay.driver.station.DriverStation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DriverCommandTest {

    @TempDir Path tmp;

    private static DriverCommand parse(String... args) {
        DriverCommand c = new DriverCommand();
        new CommandLine(c).parseArgs(args);
        return c;
    }

    private static final String[] BASE = {"--relay", "ws://127.0.0.1:8080/ingest", "--token", "T", "--event", "nk2026", "--driver-id", "hall-a"};

    private static String[] with(String... more) {
        String[] all = new String[BASE.length + more.length];
        System.arraycopy(BASE, 0, all, 0, BASE.length);
        System.arraycopy(more, 0, all, BASE.length, more.length);
        return all;
    }

    @Test
    void repeatedBoardOptionsAndABoardsFileMakeOneLineEach() throws Exception {
        Path list = tmp.resolve("boards.txt");
        Files.writeString(list, """
                # hall A, table 1-3
                port   /dev/ttyACM1=5522
                bus    /dev/ttyUSB0=a-   # the long tables
                """);
        DriverStation.Config c = parse(with("--port", "/dev/ttyACM0=5521", "--port", "/dev/ttyACM7", "--serial", "12345",
                "--boards", list.toString(), "--variant", "FRISIAN", "--orientation", "turned", "--outbox", "ob")).config();
        assertEquals(List.of(new BoardSource.Port("/dev/ttyACM0", "5521"), new BoardSource.Port("/dev/ttyACM7", "ttyACM7"),
                new BoardSource.Serial("12345"), new BoardSource.Port("/dev/ttyACM1", "5522"),
                new BoardSource.Bus("/dev/ttyUSB0", "a-")), c.sources());
        assertEquals("a-7", c.sources().get(4).boardId(7));
        assertEquals(Variant.FRISIAN, c.reconstruct().variant());
        assertEquals(Orientation.TURNED, c.reconstruct().orientation());
        assertEquals(Path.of("ob"), c.outboxDir());
        assertEquals("hall-a", c.uplink().driverId());
        assertEquals("nk2026", c.uplink().eventId());
    }

    @Test
    void defaultsDetectOrientationAndNameTheOutboxAfterTheDriver() throws Exception {
        DriverStation.Config c = parse(with("--serial", "12345")).config();
        assertNull(c.reconstruct().orientation());
        assertEquals(Variant.INTERNATIONAL, c.reconstruct().variant());
        assertEquals(Path.of("outbox-hall-a"), c.outboxDir());
        assertEquals(Path.of("captures"), c.capturesDir());
        assertFalse(c.pieceCodes().isSwapped());
        assertTrue(parse(with("--serial", "1", "--piece-codes", "swapped")).config().pieceCodes().isSwapped());
    }

    @Test
    void mistakesAreNamed() throws Exception {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(BASE).config()).getMessage().contains("no boards"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse(with("--port", "/dev/a=1", "--port", "/dev/b=1")).config()).getMessage().contains("\"1\" is given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse(with("--serial", "1", "--orientation", "sideways")).config()).getMessage().contains("--orientation"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse(with("--serial", "1", "--piece-codes", "odd")).config()).getMessage().contains("--piece-codes"));
        IllegalArgumentException noToken = assertThrows(IllegalArgumentException.class, () -> parse("--relay", "ws://h/ingest",
                "--event", "e", "--driver-id", "d", "--serial", "1", "--token", "").config());
        assertTrue(noToken.getMessage().contains("DAMRELAY_DRIVER_TOKEN"), noToken.getMessage());
        Path bad = tmp.resolve("bad.txt");
        Files.writeString(bad, "port /dev/x=1\nusb /dev/y\n");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse(with("--boards", bad.toString())).config()).getMessage().contains("line 2: unknown kind \"usb\""));
        IllegalArgumentException ws = assertThrows(IllegalArgumentException.class,
                () -> parse("--relay", "http://x/ingest", "--token", "T", "--event", "e", "--driver-id", "d", "--serial", "1").config());
        assertTrue(ws.getMessage().contains("ws:// or wss://"), ws.getMessage());

        StringWriter err = new StringWriter();
        int code = new CommandLine(new DriverCommand()).setErr(new PrintWriter(err)).execute(BASE);
        assertEquals(2, code);
        assertTrue(err.toString().contains("no boards"), err.toString());
    }
}
