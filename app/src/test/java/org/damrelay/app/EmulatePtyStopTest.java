package org.damrelay.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.capture.CaptureReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22 item 8: {@code emulate --pty} ended by SIGTERM takes its socat with it (the pty links
 * go too), and its {@code --log} of a bus says it is a bus, so that it replays as one.
 */
class EmulatePtyStopTest {
    @TempDir Path dir;

    @Test
    void sigtermEndsTheSocatOfThePtyAndTheBusLogSaysBus() throws Exception {
        Path link = dir.resolve("board"), log = dir.resolve("bus.capture");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dlogback.statusListenerClass=ch.qos.logback.core.status.NopStatusListener",
                "-cp", System.getProperty("java.class.path"), "org.damrelay.app.Damrelay", "emulate",
                "--pdn", SharedTree.corpus().resolve("nk2003-amsterdam.pdn").toString(), "--game", "1",
                "--bus", "2", "--pty", link.toString(), "--log", log.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("emulate.out").toFile()).start();
        List<ProcessHandle> socats = new ArrayList<>();
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(link) || !p.isAlive());
            assertTrue(p.isAlive(), "the emulator runs: " + Files.readString(dir.resolve("emulate.out")));
            p.toHandle().descendants().filter(h -> h.info().command().map(c -> c.endsWith("socat")).orElse(false)).forEach(socats::add);
            assertFalse(socats.isEmpty(), "socat makes the pty");

            p.toHandle().destroy(); // SIGTERM, as a service manager or kill sends it
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the emulator stops on SIGTERM");
            await().atMost(Duration.ofSeconds(10)).until(() -> socats.stream().noneMatch(ProcessHandle::isAlive));
            await().atMost(Duration.ofSeconds(10)).until(() -> !Files.exists(link));
        } finally {
            p.destroyForcibly();
            socats.forEach(ProcessHandle::destroyForcibly);
        }
        assertTrue(CaptureReader.read(log).bus(), "the bus log carries the bus header: " + Files.readString(log));
    }
}
