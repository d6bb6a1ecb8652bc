package org.damrelay.dist;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release as a hall laptop gets it: damrelay-VERSION.zip unpacked into an empty folder, far
 * from the source tree (a folder whose name has spaces), and run with nothing but a Java (JAVA_HOME) — no Maven, no build.
 */
@Timeout(180)
class ReleaseZipTest {

    @TempDir static Path tmp;
    static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        // as a Windows user's download folder: every path the launcher builds has spaces in it
        home = Release.unpack(tmp.resolve(Release.FOLDER_WITH_SPACES));
    }

    @Test
    void itHoldsTheJarTheLaunchersTheSampleEventAndTheDocs() throws Exception {
        for (String f : List.of("lib/damrelay.jar", "damrelay", "damrelay.cmd", "README.md", "deploy/relay-jvm.options",
                "deploy/sample-event/relay.yaml", "deploy/sample-event/pairings.csv", "deploy/sample-event/games.pdn", "docs/hall.md", "docs/relay.md", "docs/driver.md")) {
            assertTrue(Files.isRegularFile(home.resolve(f)), f);
        }
        assertTrue(Files.isExecutable(home.resolve("damrelay")), "the sh launcher is executable as unpacked");
        String cmd = Files.readString(home.resolve("damrelay.cmd"));
        assertTrue(cmd.contains("\r\n") && !cmd.replace("\r\n", "").contains("\n"), "Windows line endings throughout");
        assertTrue(cmd.contains("lib\\damrelay.jar") && cmd.contains("deploy\\relay-jvm.options"), cmd);
        assertFalse(Files.exists(home.resolve("pom.xml")), "no build in a release");
    }

    @Test
    void driverHelpRunsFromTheUnpackedFolder() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        Process p = launch(out, "driver", "--help");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "driver --help returns");
        assertEquals(0, p.exitValue(), String.join("\n", out));
        await().atMost(Duration.ofSeconds(5)).until(() -> out.stream().anyMatch(l -> l.contains("--relay")));
        assertTrue(out.stream().noneMatch(l -> l.contains("building")), "nothing is built: " + out);
    }

    @Test
    void theDemoRunsFromTheUnpackedFolderUntilItPrintsItsAddresses() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        Process p = launch(out, "demo", "--port", "0", "--boards", "1", "--serial", "memory", "--speed", "100");
        try {
            await().atMost(Duration.ofSeconds(90)).until(() -> out.stream().anyMatch(l -> l.contains("overview:") && l.contains("http://127.0.0.1:"))
                    || !p.isAlive());
            assertTrue(p.isAlive(), "the demo runs: " + out);
            p.toHandle().destroy(); // SIGTERM, as Ctrl-C: the demo stops and removes its folder
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the demo stops");
            await().atMost(Duration.ofSeconds(5)).until(() -> out.stream().anyMatch(l -> l.startsWith("damrelay demo: stopped")));
            try (var left = Files.list(tmp.resolve("java-tmp"))) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("damrelay-demo")).toList(),
                        "the demo removed its working folder");
            }
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theRelayStartsOnTheSampleEventAndSaysWhereToLook() throws Exception {
        // the sample as shipped, on this machine only (tests stay on loopback)
        Path sample = Files.createDirectories(tmp.resolve("sample"));
        Files.copy(home.resolve("deploy/sample-event/pairings.csv"), sample.resolve("pairings.csv"));
        Files.writeString(sample.resolve("relay.yaml"), loopbackOnly(home.resolve("deploy/sample-event/relay.yaml")));
        List<String> out = new CopyOnWriteArrayList<>();
        Process p = launch(out, "relay", "--config", sample.resolve("relay.yaml").toString(),
                "--port", "0", "--data", tmp.resolve("sample-data").toString());
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> out.stream().anyMatch(l -> l.contains("event sample")) || !p.isAlive());
            // the addresses open the round being played (the sample's pairings are of round 1)
            assertTrue(out.stream().anyMatch(l -> l.contains("event sample") && l.contains("/?event=sample&round=1")
                    && l.contains("/arbiter.html?event=sample&round=1")), String.join("\n", out));
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anEventMadeWithTheKitRunsTheRelayAndTheDriverIsWelcomedWithItsToken() throws Exception {
        Path event = tmp.resolve("club");
        List<String> made = new CopyOnWriteArrayList<>();
        Process kit = launch(made, "event", "new", event.toString(), "--name", "Club", "--boards", "2");
        assertTrue(kit.waitFor(60, TimeUnit.SECONDS) && kit.exitValue() == 0, String.join("\n", made));
        String token = Files.readAllLines(event.resolve("tokens.txt")).stream().filter(l -> l.startsWith("driver hall-a "))
                .findFirst().orElseThrow().split(" ")[2];
        Files.writeString(event.resolve("relay.yaml"), loopbackOnly(event.resolve("relay.yaml")));

        List<String> relayOut = new CopyOnWriteArrayList<>(), driverOut = new CopyOnWriteArrayList<>();
        Process relay = launch(relayOut, "relay", "--config", event.resolve("relay.yaml").toString(), "--port", "0");
        Process driver = null;
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> relayOut.stream().anyMatch(l -> l.startsWith("damrelay relay listening on port "))
                    || !relay.isAlive());
            String port = relayOut.stream().filter(l -> l.startsWith("damrelay relay listening on port ")).findFirst()
                    .orElseThrow(() -> new AssertionError(String.join("\n", relayOut))).replaceAll("\\D+", "");
            // the token from tokens.txt through the environment, as the hall's README says; the board's cable is not in yet
            driver = launch(driverOut, Map.of("DAMRELAY_DRIVER_TOKEN", token), "driver", "--relay", "ws://127.0.0.1:" + port + "/ingest",
                    "--event", "club", "--driver-id", "hall-a", "--port", tmp.resolve("no-board-yet") + "=1",
                    "--outbox", tmp.resolve("outbox").toString(), "--captures", tmp.resolve("captures").toString());
            Process d = driver;
            // the Welcome assigns the board ("feeds game") before the driver logs that it was welcomed: wait for the later line
            await().atMost(Duration.ofSeconds(60)).until(() -> driverOut.stream().anyMatch(l -> l.contains("welcomed driver hall-a")) || !d.isAlive());
            assertTrue(driverOut.stream().anyMatch(l -> l.contains("welcomed driver hall-a")), String.join("\n", driverOut));
            assertTrue(driverOut.stream().anyMatch(l -> l.contains("feeds game club-r1-b1")), String.join("\n", driverOut));
        } finally {
            if (driver != null) driver.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            relay.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theSampleEventsTryOutWithoutABoardBringsTheGamesMovesToTheRelay() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/socat")), "socat is not installed: the emulator's pseudo-terminal needs it");
        // the sample README's three commands, run in the unpacked folder (its relative paths), the relay on loopback
        Path sample = Files.createDirectories(tmp.resolve("try-out"));
        Files.copy(home.resolve("deploy/sample-event/pairings.csv"), sample.resolve("pairings.csv"));
        Files.writeString(sample.resolve("relay.yaml"), loopbackOnly(home.resolve("deploy/sample-event/relay.yaml")));
        String readme = Files.readString(home.resolve("deploy/sample-event/README.md"));
        assertTrue(readme.contains("./damrelay emulate --pdn deploy/sample-event/games.pdn --game 1"), readme);
        List<String> relayOut = new CopyOnWriteArrayList<>(), boardOut = new CopyOnWriteArrayList<>(), driverOut = new CopyOnWriteArrayList<>();
        Process relay = launch(relayOut, "relay", "--config", sample.resolve("relay.yaml").toString(), "--port", "0",
                "--data", tmp.resolve("try-out-data").toString());
        Process board = null, driver = null;
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> relayOut.stream().anyMatch(l -> l.startsWith("damrelay relay listening on port ")) || !relay.isAlive());
            String port = relayOut.stream().filter(l -> l.startsWith("damrelay relay listening on port ")).findFirst()
                    .orElseThrow(() -> new AssertionError(String.join("\n", relayOut))).replaceAll("\\D+", "");
            Path link = tmp.resolve("dgt1");
            board = launchIn(home, boardOut, Map.of(), "emulate", "--pdn", "deploy/sample-event/games.pdn", "--game", "1",
                    "--speed", "20", "--clock", "5400+60", "--pty", link.toString());
            Process b = board;
            await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(link) || !b.isAlive());
            assertTrue(b.isAlive(), "the emulator runs from the unpacked folder: " + boardOut);
            driver = launchIn(home, driverOut, Map.of("DAMRELAY_DRIVER_TOKEN", "sample-hall-a"), "driver", "--relay",
                    "ws://127.0.0.1:" + port + "/ingest", "--event", "sample", "--driver-id", "hall-a", "--port", link + "=1",
                    "--outbox", tmp.resolve("try-out-outbox").toString(), "--captures", tmp.resolve("try-out-captures").toString());
            // the game's first moves (NK 2003, Jansen - Dolfing: 1. 33-29 17-22) in the relay's PDN of board 1 (clock comments between)
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest pdn = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/pdn/sample-r1-b1.pdn")).build();
            Process d = driver;
            // after a clock comment black's move carries no number of its own (PDN 3.0 allows it; pydraughts needs it)
            await().atMost(Duration.ofSeconds(90)).until(() -> !d.isAlive()
                    || http.send(pdn, HttpResponse.BodyHandlers.ofString()).body().matches("(?s).*1\\. 33-29 .*17-22.*"));
            assertTrue(d.isAlive(), String.join("\n", driverOut));
            // the emulated clock is set right (5400+60) and plays 20x faster than life, which the driver is not
            // told: the moves recorded so far, replayed under the event's time control, raise no clock alarm
            Path capture;
            try (var files = Files.list(tmp.resolve("try-out-captures"))) {
                capture = files.filter(Files::isRegularFile).findFirst().orElseThrow(() -> new AssertionError("no capture written"));
            }
            List<String> replayOut = new CopyOnWriteArrayList<>();
            Process replay = launchIn(home, replayOut, Map.of(), "replay", capture.toString(), "--time-control", "5400+60");
            assertTrue(replay.waitFor(60, TimeUnit.SECONDS), "the replay ends");
            await().atMost(Duration.ofSeconds(5)).until(() -> replayOut.stream().anyMatch(l -> l.contains("\"MOVE\"")));
            assertTrue(replayOut.stream().noneMatch(l -> l.contains("CLOCK_MISMATCH")), String.join("\n", replayOut));
        } finally {
            if (driver != null) driver.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            if (board != null) board.destroy();
            if (board != null && !board.waitFor(20, TimeUnit.SECONDS)) board.destroyForcibly();
            relay.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMissingArgumentIsOneLineAndAHintToTheHelp() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        Process p = launch(out, "emulate");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        await().atMost(Duration.ofSeconds(5)).until(() -> out.size() >= 2);
        assertEquals(2, p.exitValue());
        assertTrue(out.get(0).startsWith("damrelay emulate: Missing required argument") && out.get(0).contains("--pdn"), String.join("\n", out));
        assertEquals("Try 'damrelay emulate --help' for its options.", out.get(1));
        assertEquals(2, out.size(), String.join("\n", out));
    }

    /** A relay config listening on loopback instead of every interface (a kit's event listens on the hall's network). */
    private static String loopbackOnly(Path config) throws Exception {
        String text = Files.readString(config);
        assertTrue(text.contains("listen: {host: 127.0.0.1") || text.contains("host: 0.0.0.0"), text);
        return text.replace("host: 0.0.0.0", "host: 127.0.0.1");
    }

    private static Process launch(List<String> out, String... args) throws Exception {
        return launch(out, Map.of(), args);
    }

    private static Process launch(List<String> out, Map<String, String> env, String... args) throws Exception {
        return launchIn(Files.createDirectories(tmp.resolve("cwd")), out, env, args);
    }

    /** The sh launcher run in {@code dir} with only JAVA_HOME set (no Maven on a minimal PATH), output collected by line. */
    private static Process launchIn(Path dir, List<String> out, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", home.resolve("damrelay").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", "/usr/bin:/bin");
        // the demo's temporary folder inside the test's
        pb.environment().put("DAMRELAY_JAVA_OPTS", "-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("java-tmp")) + " -Xmx256m");
        pb.environment().putAll(env);
        Process p = Release.start(pb, out);
        return p;
    }
}
