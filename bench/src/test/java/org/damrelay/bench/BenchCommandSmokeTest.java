package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The orchestrator for real but tiny: a relay JVM and three generator JVMs, 54 spectators of one
 * game, ten moves; unpinned, so the test JVM keeps both cores.
 */
@Timeout(120)
class BenchCommandSmokeTest {

    @TempDir
    Path dir;

    @Test
    void hotGameAtTinyScaleRunsItsProcessesAndWritesAReport() throws Exception {
        int exit = new CommandLine(new BenchCommand()).execute("hot", "--scale", "0.003", "--no-pin", "--out", dir.toString());
        assertEquals(0, exit);
        Path report;
        try (Stream<Path> runs = Files.list(dir)) {
            List<Path> all = runs.toList();
            assertEquals(1, all.size());
            report = all.get(0).resolve("report.md");
        }
        String text = Files.readString(report);
        assertTrue(text.contains("hot game: 54 spectators on one game (0 failed)"), text);
        assertTrue(text.contains("| 10 | 54 |"), "the tenth move reached all 54:\n" + text);
        assertTrue(text.contains("over 10 moves"), text);
    }

    @Test
    void anUnknownScenarioIsNamed() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchCommand());
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute("warp", "--out", dir.toString()));
    }
}
