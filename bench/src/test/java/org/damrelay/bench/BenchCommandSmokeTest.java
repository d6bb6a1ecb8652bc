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
        // a whole game on a board nobody watches went through the relay before the measured moves (one board at this scale)
        assertTrue(text.matches("(?s).*warm-up games \\(not measured\\): [1-9][0-9,]* moves on 1 unwatched boards.*"), text);
        // and the relay's JIT was let finish what that warm-up set compiling (bounded: at most 30 s)
        assertTrue(text.matches("(?s).*relay's JIT settled \\(under 2% of a core for 1 s\\) after [0-9]+\\.[0-9] s.*"), text);
        assertTrue(text.contains("| 10 | 54 |"), "the tenth move reached all 54:\n" + text);
        assertTrue(text.contains("over 10 moves"), text);
    }

    @Test
    void aBaselineTwinRunsTheSameScenarioAndIsComparedWithTheRelayRun() throws Exception {
        // a relay run's results in the --out directory (as a relay run leaves them), then its twin for real
        Path relayRun = Files.createDirectories(dir.resolve("connections-20261124-080000"));
        new Results("connections", "relay", "20261124-080000", 0.01, false, List.of(), List.of(), new Results.Memory(200, 0, 40_000, 40_000,
                List.of(new Results.RssPoint(0, 100_000), new Results.RssPoint(200, 108_000)))).write(relayRun);
        assertEquals(0, new CommandLine(new BenchCommand()).execute("baseline-connections", "--scale", "0.01", "--no-pin", "--out", dir.toString()));
        Path run;
        try (Stream<Path> runs = Files.list(dir)) {
            run = runs.filter(p -> p.getFileName().toString().startsWith("baseline-connections-")).findFirst().orElseThrow();
        }
        String text = Files.readString(run.resolve("report.md"));
        assertTrue(text.contains("connections: 200 of 200 subscribed, 0 failed"), text);
        assertTrue(text.contains("one move per game: 200 of 200 spectators received it"), text);
        assertTrue(text.contains("bytes per connection: relay 40,000, baseline "), "compared with the relay's run:\n" + text);
        Results mine = Results.read(run.resolve(Results.FILE));
        assertEquals("baseline", mine.server());
        assertEquals(5, mine.memory().rss().size(), "0, 25, 50, 75 and 100% of the connections");
        assertEquals(200, mine.memory().rss().get(4).connections());
        assertTrue(Files.size(run.resolve(Charts.MEMORY)) > 0);
    }

    @Test
    void anUnknownScenarioIsNamed() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchCommand());
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute("warp", "--out", dir.toString()));
    }
}
