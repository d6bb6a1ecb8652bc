package org.damrelay.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.Welcome;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.it.RelayProcess;
import org.damrelay.relay.it.TestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The organiser's kit: {@code damrelay event new}, then the relay (a process of its own) on the folder, then a driver with its token. */
@Timeout(120)
class EventKitTest {

    @TempDir Path tmp;

    @Test
    void aNewEventFolderRunsARelayThatWelcomesTheDriverWithItsGeneratedToken() throws Exception {
        Path dir = tmp.resolve("Club Cup 2026");
        CommandRun r = CommandRun.of("event", "new", dir.toString(), "--name", "Club Cup 2026", "--site", "Hijken",
                "--boards", "4", "--rounds", "2", "--drivers", "2", "--date", "2026-11-28", "--time-control", "5400+60");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("damrelay relay --config"), "says how to start: " + r.out());

        Map<String, String> secrets = secrets(dir.resolve("tokens.txt"));
        assertEquals(List.of("arbiter chief", "driver hall-a", "driver hall-b"), secrets.keySet().stream().sorted().toList());
        assertEquals(3, secrets.values().stream().distinct().count(), "every token its own");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("tokens.txt"))));
        String config = Files.readString(dir.resolve("relay.yaml"));
        for (String secret : secrets.values()) {
            assertFalse(config.contains(secret), "the config holds no secret");
            assertTrue(config.contains(Tokens.sha256Hex(secret)), "the config holds each token's digest");
        }

        // as an organiser trying it on one laptop would: this machine only (tests stay on loopback)
        Files.writeString(dir.resolve("relay.yaml"), config.replace("listen: {host: 0.0.0.0", "listen: {host: 127.0.0.1"));
        try (RelayProcess relay = RelayProcess.start(dir.resolve("relay.yaml"), 0)) {
            // the event's id comes from the folder's name; hall-b reads boards 3 and 4
            TestDriver driver = new TestDriver("hall-b", secrets.get("driver hall-b"), "club-cup-2026").connect(relay.port());
            Welcome welcome = await().atMost(Duration.ofSeconds(30)).until(() -> driver.poll().stream()
                    .filter(RelayFrame::hasWelcome).map(RelayFrame::getWelcome).findFirst().orElse(null), w -> w != null);
            assertEquals("club-cup-2026", welcome.getEventId());
            assertEquals(List.of("club-cup-2026-r1-b3", "club-cup-2026-r1-b4"),
                    welcome.getAssignmentsList().stream().map(Assignment::getGame).map(g -> g.getGameId()).sorted().toList());
            assertEquals("5400+60", welcome.getAssignments(0).getGame().getTimeControl());
            assertTrue(driver.errors().isEmpty(), "no refusal: " + driver.errors());
            driver.close();

            // the round's date reaches the PDN
            HttpResponse<String> pdn = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + relay.port() + "/pdn/club-cup-2026-r1-b1.pdn")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, pdn.statusCode(), pdn.body());
            assertTrue(pdn.body().contains("[Date \"2026.11.28\"]"), pdn.body());
            assertTrue(pdn.body().contains("[Site \"Hijken\"]"), pdn.body());
        }
    }

    @Test
    void aFolderIsWrittenOnceAndABadDateIsOneLine() throws Exception {
        Path dir = tmp.resolve("ev");
        assertEquals(0, CommandRun.of("event", "new", dir.toString()).exitCode());
        String tokens = Files.readString(dir.resolve("tokens.txt"));
        CommandRun again = CommandRun.of("event", "new", dir.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("already exists"), again.err());
        assertEquals(tokens, Files.readString(dir.resolve("tokens.txt")), "nothing overwritten");

        CommandRun badDate = CommandRun.of("event", "new", tmp.resolve("other").toString(), "--date", "28-11-2026");
        assertEquals(2, badDate.exitCode());
        assertEquals("damrelay event new: --date 28-11-2026 is not a date YYYY-MM-DD", badDate.err().strip());
    }

    /** "role name secret" lines, keyed by "role name". */
    private static Map<String, String> secrets(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split(" "))
                .collect(Collectors.toMap(p -> p[0] + " " + p[1], p -> p[2]));
    }
}
