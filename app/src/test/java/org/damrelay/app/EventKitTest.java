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
        // one way to start, said alike by event new, the folder's README and relay.yaml: full paths, quoted (the folder has spaces)
        String start = "damrelay relay --config \"" + dir.toAbsolutePath().resolve("relay.yaml") + "\"";
        assertTrue(r.out().contains("\n  " + start + "\n"), "says how to start: " + r.out());
        assertTrue(Files.readString(dir.resolve("README.md")).contains("\n" + start + "\n"), Files.readString(dir.resolve("README.md")));
        assertTrue(Files.readString(dir.resolve("relay.yaml")).contains("#   " + start + "\n"), Files.readString(dir.resolve("relay.yaml")));

        // colours alternate by board as in a KNDB team match: the home team white on board 1, the visitors on board 2
        List<String> rows = Files.readAllLines(dir.resolve("pairings.csv"));
        assertEquals("round,board,white,whiteRating,whiteFedId,whiteTeam,black,blackRating,blackFedId,blackTeam,match,driver,sourceBoard,sensors", rows.get(0));
        assertEquals(List.of("Team A", "Team B", "Team A", "Team B"), rows.subList(1, 5).stream().map(l -> l.split(",")[5]).toList(), "white's team");
        assertEquals(List.of("Team B", "Team A", "Team B", "Team A"), rows.subList(1, 5).stream().map(l -> l.split(",")[9]).toList(), "black's team");
        // the organiser marks board 2 as one without sensors, as the README says
        assertTrue(Files.readString(dir.resolve("README.md")).contains("| `sensors` | `yes`: a sensor board"));
        rows.set(2, rows.get(2).replaceFirst(",yes$", ",no"));
        Files.write(dir.resolve("pairings.csv"), rows);

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

            // board 2 is fed by no sensor board, so the console offers it a notation link; board 1 is a sensor board
            assertTrue(gameJson(relay.port(), "club-cup-2026-r1-b1").matches("(?s).*\"sensorBoard\":\\s*true.*"));
            String b2 = gameJson(relay.port(), "club-cup-2026-r1-b2");
            assertFalse(b2.contains("sensorBoard") || b2.contains("hall-a"), b2);
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

    @Test
    void theStartLineQuotesALauncherInAFolderWithSpaces() {
        Path config = Path.of("/home/jan/NK 2026/relay.yaml");
        assertEquals("\"/home/jan/Jan de Vries/damrelay-0.1/damrelay\" relay --config \"/home/jan/NK 2026/relay.yaml\"",
                org.damrelay.app.kit.EventKitAccess.startLine("/home/jan/Jan de Vries/damrelay-0.1/damrelay", config));
        assertEquals("/opt/damrelay/damrelay relay --config /srv/nk2026/relay.yaml",
                org.damrelay.app.kit.EventKitAccess.startLine("/opt/damrelay/damrelay", Path.of("/srv/nk2026/relay.yaml")));
    }

    private static String gameJson(int port, String game) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/games/" + game)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    /** "role name secret" lines, keyed by "role name". */
    private static Map<String, String> secrets(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split(" "))
                .collect(Collectors.toMap(p -> p[0] + " " + p[1], p -> p[2]));
    }
}
