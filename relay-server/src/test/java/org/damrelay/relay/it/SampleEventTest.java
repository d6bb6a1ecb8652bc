package org.damrelay.relay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample event as the repository ships it (deploy/sample-event), its tokens public: it listens
 * on this machine only and says its tokens are public; renamed to a real event it does not start,
 * and no other event may use its tokens.
 */
class SampleEventTest {

    private static final Path SAMPLE = Path.of("..", "deploy", "sample-event");

    @TempDir Path dir;

    private Path copy(String from, String to) throws Exception {
        Files.copy(SAMPLE.resolve("pairings.csv"), dir.resolve("pairings.csv"));
        Path config = dir.resolve("relay.yaml");
        Files.writeString(config, Files.readString(SAMPLE.resolve("relay.yaml")).replace(from, to));
        return config;
    }

    @Test
    void theSampleListensOnLoopbackAndSaysItsTokensArePublic() throws Exception {
        try (RelayProcess relay = RelayProcess.start(copy("", ""), 0)) {
            assertEquals(200, HallAddressLimitsTest.health(relay.port(), "127.0.0.1"));
            // another address of this machine stands for the hall's network: not reached
            try (Socket s = new Socket()) {
                assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress("127.0.0.2", relay.port()), 5000));
            }
            assertTrue(relay.lines().stream().anyMatch(l -> l.contains("warning: event sample uses the sample's public token")), relay.lines().toString());
        }
    }

    @Test
    void theSampleRenamedToARealEventDoesNotStart() throws Exception {
        Path config = copy("  - id: sample", "  - id: club-2026");
        RelayProcess.Failed f = RelayProcess.startFailing(config, 0);
        assertEquals(1, f.exitCode(), f.lines().toString());
        assertEquals(1, f.lines().size(), f.lines().toString());
        String line = f.lines().get(0);
        assertTrue(line.contains(config.toString()) && line.contains("club-2026") && line.contains("public token"), line);
    }
}
