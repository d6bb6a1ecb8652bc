package org.damrelay.driver.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CaptureDumpCommandTest {
    @TempDir Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CaptureDumpCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void printsWhatTheBoardReportedWithCaptureTimes() throws Exception {
        Path f = Files.writeString(dir.resolve("game.dgtcap"), """
                # dgt-capture v1
                # board: serial 12345
                # link-up: 0 /dev/ttyACM0
                0 > 4b
                0 > 42
                2502 < 8e 00 05 3f
                2503 < 00 8e 00 05 36 01
                4427 < 8d 00 0a 01 30 57 01 30 00 11
                # link-down: 5000 read failed
                """);
        assertEquals(0, run(f.toString()), err.toString());
        assertEquals("""
                # board: serial 12345
                0 link up
                2503 field 63 .
                2503 field 54 w
                4427 clock left PT1H30M right PT1H30M57S running
                5000 link down
                """, out.toString());
    }

    @Test
    void swappedPieceCodesAreAnOption() throws Exception {
        Path f = Files.writeString(dir.resolve("old.dgtcap"), "# dgt-capture v1\n10 < 8e 00 05 36 04\n");
        assertEquals(0, run("--piece-codes", "swapped", f.toString()), err.toString());
        assertTrue(out.toString().contains("10 field 54 W"), out.toString());
    }

    @Test
    void aBrokenCaptureNamesTheLine() throws Exception {
        Path f = Files.writeString(dir.resolve("bad.dgtcap"), "# dgt-capture v1\n10 < 8e 00\n5 < 05 36 04\n");
        assertEquals(2, run(f.toString()));
        assertTrue(err.toString().contains("capture line 3: time 5 is before the previous record's 10"), err.toString());
    }
}
