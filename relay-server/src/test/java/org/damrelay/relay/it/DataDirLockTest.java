package org.damrelay.relay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two relay processes on one data directory: the second stops with one line naming the first (its
 * process id), exit 1, while the first keeps serving; once the first is killed (-9: the kernel
 * drops its lock) a relay starts there again.
 */
class DataDirLockTest {

    @TempDir Path dir;

    @Test
    void aSecondRelayOnTheSameDataDirectoryStopsNamingTheHolder() throws Exception {
        Path config = dir.resolve("relay.yaml");
        Files.writeString(config, TestRelay.yaml(dir.resolve("data"), 0));
        try (RelayProcess first = RelayProcess.start(config, 0)) {
            RelayProcess.Failed second = RelayProcess.startFailing(config, 0);
            assertEquals(1, second.exitCode(), second.lines().toString());
            assertEquals(1, second.lines().size(), "one line, no trace: " + second.lines());
            String line = second.lines().get(0);
            assertTrue(line.contains("in use by another relay") && line.contains("pid " + first.pid()), line);
            assertTrue(line.contains(dir.resolve("data").toString()), line);
            assertEquals(200, HallAddressLimitsTest.health(first.port(), "127.0.0.1"), "the first relay still serves");
            first.kill();
            try (RelayProcess again = RelayProcess.start(config, 0)) {
                assertEquals(200, HallAddressLimitsTest.health(again.port(), "127.0.0.1"));
            }
        }
    }
}
