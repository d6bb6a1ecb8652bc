package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.rules.Move;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay command as a service manager and a full disk meet it: SIGTERM is a clean stop (exit 0),
 * folders are not files, {@code /health} is 503 once the journal cannot write, and a start that
 * cannot write its data directory is one line that names it, leaving nothing behind to pile up.
 * A full disk without root: the shell's {@code ulimit -f} ({@link RelayProcess#start(Path, int, long)}).
 */
class RelayProcessLifecycleTest {

    @TempDir Path dir;
    private RelayProcess relay;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        if (relay != null) relay.close();
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private Path config() throws Exception {
        Path config = dir.resolve("relay.yaml");
        Files.writeString(config, TestRelay.yaml(dir.resolve("data"), 0));
        return config;
    }

    @Test
    void sigtermIsACleanStopAndFoldersAreNotFiles() throws Exception {
        relay = RelayProcess.start(config(), 0);
        int port = relay.port();
        for (String folder : List.of("/js", "/js/", "/css", "/css/")) {
            HttpResponse<String> r = get(port, folder);
            assertEquals(404, r.statusCode(), folder + " answered " + r.statusCode() + ": " + r.body());
        }
        assertEquals(200, get(port, "/js/probe.js").statusCode(), "a file in the folder is still served");
        HttpResponse<String> health = get(port, "/health");
        assertEquals(200, health.statusCode(), health.body());
        assertEquals(0, relay.terminate(), "SIGTERM exits 0 after a clean stop: " + relay.lines());
    }

    @Test
    void aJournalThatCannotWriteMakesHealth503() throws Exception {
        relay = RelayProcess.start(config(), 0, 2); // segments may not grow past 2 KB
        int port = relay.port();
        TestDriver hall = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port);
        for (Move m : Plays.line(30, 1)) hall.send("101", Plays.event(m));
        await().atMost(Duration.ofSeconds(30)).until(() -> get(port, "/health").statusCode() == 503);
        String body = get(port, "/health").body();
        assertTrue(body.contains("\"DOWN\"") && body.contains("journal failed"), body);
        assertTrue(hall.acked("101") < 30, "nothing past the failed write is acked");
        // what comes now is refused with a code the protocol names (the driver keeps it), not CODE_UNSPECIFIED
        hall.send("101", Plays.event(Plays.line(31, 1).get(30)));
        await().atMost(Duration.ofSeconds(30)).until(() -> hall.errors().stream()
                .anyMatch(e -> e.getCode() == org.damrelay.proto.IngestError.Code.RELAY_UNAVAILABLE));
        assertTrue(hall.errors().stream().noneMatch(e -> e.getCode() == org.damrelay.proto.IngestError.Code.CODE_UNSPECIFIED), hall.errors().toString());
        assertTrue(relay.lines().stream().anyMatch(l -> l.contains("cannot be written") && l.contains("journal-1.log")), relay.lines().toString());
        assertTrue(relay.lines().stream().noneMatch(l -> l.startsWith("\tat ")), "a full disk is a line in the log, not a stack trace");
        hall.close();
    }

    @Test
    void aStartOnAFullDiskIsOneLineAndLeavesNoPileOfTornFiles() throws Exception {
        // a last segment ending in a torn write of 16 KB: keeping it aside needs more than the 4 KB allowed
        Path data = Files.createDirectories(dir.resolve("data"));
        byte[] tail = new byte[16 * 1024];
        Arrays.fill(tail, (byte) 7);
        ByteBuffer torn = ByteBuffer.allocate(8 + tail.length).putInt(1 << 20).putInt(0).put(tail);
        Files.write(data.resolve("journal-1.log"), torn.array());
        Path config = config();
        for (int attempt = 1; attempt <= 2; attempt++) {
            RelayProcess.Failed f = RelayProcess.startFailing(config, 4);
            assertEquals(1, f.exitCode(), f.lines().toString());
            List<String> said = f.lines().stream().filter(l -> l.startsWith("damrelay relay: ")).toList();
            assertEquals(1, said.size(), "one line: " + f.lines());
            assertTrue(said.get(0).contains(data.toString()) && said.get(0).contains("bytes free"), said.get(0));
            assertTrue(f.lines().stream().noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")), "no stack trace: " + f.lines());
            try (Stream<Path> files = Files.list(data)) {
                List<Path> aside = files.filter(p -> p.getFileName().toString().contains(".torn-")).toList();
                assertTrue(aside.size() <= 1, "attempt " + attempt + " left " + aside);
            }
        }
        assertEquals(8 + tail.length, Files.size(data.resolve("journal-1.log")), "the segment is untouched until its tail is kept aside");
    }
}
