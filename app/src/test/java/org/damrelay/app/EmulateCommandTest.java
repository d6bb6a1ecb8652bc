package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.capture.CaptureEntry;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.emulator.NoiseSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmulateCommandTest {
    @TempDir Path dir;

    @Test
    void helpDocumentsEveryNoiseSwitchAndTheScenarioFormat() {
        CommandRun run = CommandRun.of("emulate", "--help");
        assertEquals(0, run.exitCode());
        for (NoiseSource s : NoiseSource.values()) assertTrue(run.out().contains("--noise-" + s.key()), s.key());
        for (String step : new String[] {"move 32-28", "takeback", "lift 33", "remove 19", "crown 3", "press", "wait 2000", "knock 27", "turn", "unplug"}) {
            assertTrue(run.out().contains(step), step);
        }
    }

    @Test
    void withoutALineItWritesTheCaptureAHostWouldRecord() throws Exception {
        Path out = dir.resolve("game.capture");
        Path pdn = SharedTree.corpus().resolve("nk2003-amsterdam.pdn");
        CommandRun run = CommandRun.of("emulate", "--pdn", pdn.toString(), "--game", "1", "--noise", "heavy", "--seed", "5", "--capture", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        CaptureReader.Capture capture = CaptureReader.read(out);
        long fieldUpdates = capture.entries().stream().filter(e -> e instanceof CaptureEntry.Bytes b && (b.bytes()[0] & 0xff) == 0x8e).count();
        assertTrue(fieldUpdates > 100, "field updates in the capture: " + fieldUpdates);
        // Same seed, same bytes.
        Path again = dir.resolve("again.capture");
        CommandRun.of("emulate", "--pdn", pdn.toString(), "--game", "1", "--noise", "heavy", "--seed", "5", "--capture", again.toString());
        assertEquals(Files.readString(out), Files.readString(again));
    }

    @Test
    void aScenarioCaptureGoesToStdoutByDefault() throws Exception {
        Path scenario = dir.resolve("s.scenario");
        Files.writeString(scenario, "move 32-28\nmove 19-23\nmove 28x19 remove 14\n");
        CommandRun run = CommandRun.of("emulate", "--scenario", scenario.toString(), "--noise", "none");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("# dgt-capture v1"), run.out());
        assertTrue(run.out().contains("< 8e 00 05"), "field updates in the capture");
    }

    @Test
    void badInputIsNamed() throws Exception {
        Path scenario = dir.resolve("bad.scenario");
        Files.writeString(scenario, "move 32-28\nfly 28\n");
        CommandRun run = CommandRun.of("emulate", "--scenario", scenario.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("line 2"), run.err());
        run = CommandRun.of("emulate", "--scenario", scenario.toString(), "--noise-slide", "2");
        assertNotEquals(0, run.exitCode());
        assertTrue(run.err().contains("--noise-slide"), run.err());
        run = CommandRun.of("emulate", "--scenario", scenario.toString(), "--clock", "80min");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("\"80min\" is not BASE+INC"), run.err());
        run = CommandRun.of("emulate", "--scenario", scenario.toString(), "--bus", "3");
        assertNotEquals(0, run.exitCode());
        assertTrue(run.err().contains("--bus needs a line"), run.err());
        run = CommandRun.of("emulate", "--pdn", SharedTree.corpus().resolve("nk2003-amsterdam.pdn").toString(), "--game", "999");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("no game 999"), run.err());
    }
}
