package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The board I/O subcommands are reachable from the one entry point. */
class BoardIoCommandsTest {
    @TempDir Path dir;

    @Test
    void captureDumpRunsFromTheMainCommand() throws Exception {
        Path f = Files.writeString(dir.resolve("c.dgtcap"), "# dgt-capture v1\n100 < 8e 00 05 3f 00\n");
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new Damrelay());
        cl.setOut(new PrintWriter(out));
        assertEquals(0, cl.execute("capture-dump", f.toString()));
        assertTrue(out.toString().contains("100 field 63 ."), out.toString());
    }

    @Test
    void boardNeedsAPortOrASerialNumber() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Damrelay());
        cl.setErr(new PrintWriter(err));
        assertNotEquals(0, cl.execute("board"));
        assertTrue(err.toString().contains("--port"), err.toString());
    }
}
