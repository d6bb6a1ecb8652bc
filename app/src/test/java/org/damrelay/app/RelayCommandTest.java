package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RelayCommandTest {

    @TempDir Path dir;

    @Test
    void hashTokenReadsTheSecretFromAFileAndPrintsTheDigestForTheConfig() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "abc\n");
        CommandRun r = CommandRun.of("relay", "--hash-token", secret.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", r.lastLine());
    }

    @Test
    void aBadConfigIsRefusedWithTheReason() throws Exception {
        Path f = dir.resolve("relay.yaml");
        Files.writeString(f, "listen: {prot: 8080}\n");
        CommandRun r = CommandRun.of("relay", "--config", f.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("prot"), r.err());
    }
}
