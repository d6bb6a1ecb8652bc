package org.damrelay.app.demo;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code damrelay demo} as a newcomer runs it, through the command's entry point in a JVM of its
 * own, started in an empty folder (no shared/ tree anywhere near): the games come from the jar,
 * they advance, boards that finish get their result and the match score moves; the terminal
 * shows the addresses, not log lines.
 */
@Timeout(240)
class DemoCommandTest {

    private static final Pattern OVERVIEW = Pattern.compile("overview:\\s+(http://127\\.0\\.0\\.1:(\\d+)/\\?event=demo&round=1)");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aFreshFolderRunsTheDemoAndTheScoreMoves() throws Exception {
        assertFalse(Files.exists(dir.resolve("shared")) || Files.exists(dir.getParent().resolve("shared")), "no shared tree beside the run");
        List<String> lines = new CopyOnWriteArrayList<>();
        Process p = demo(lines, "--port", "0", "--boards", "2", "--speed", "100", "--serial", "memory", "--seconds", "90");
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> lines.stream().anyMatch(l -> OVERVIEW.matcher(l).find()));
            Matcher m = lines.stream().map(OVERVIEW::matcher).filter(Matcher::find).findFirst().orElseThrow();
            int port = Integer.parseInt(m.group(2));
            assertTrue(lines.get(0).startsWith("damrelay demo: 2 boards"), "the first line says what runs: " + lines);
            assertTrue(lines.stream().noneMatch(l -> l.contains(" INFO ") || l.contains(" WARN ")), "log lines go to demo.log: " + lines);

            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> plies(port) >= 20);
            await().atMost(Duration.ofSeconds(80)).pollInterval(Duration.ofSeconds(1)).until(() -> points(port) > 0);
            // the terminal's status follows the relay on its own beat: wait for the line, don't race it
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).until(() -> lines.stream()
                    .anyMatch(l -> l.matches("board \\d finished \\d-\\d after .*: Team A \\d+ – \\d+ Team B")));
            // --seconds: the demo stops by itself down the same path as Ctrl-C
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the demo stops by itself");
            await().atMost(Duration.ofSeconds(5)).until(() -> lines.stream().anyMatch(l -> l.startsWith("damrelay demo: stopped")));
            assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), "no stack trace: " + lines);
            assertEquals(List.of(), workFolders(), "the demo removed its working folder");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void keepKeepsTheWorkingFolderWithItsLog() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        Process p = demo(lines, "--port", "0", "--boards", "1", "--speed", "100", "--serial", "memory", "--seconds", "1", "--keep");
        try {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the demo stops by itself");
            await().atMost(Duration.ofSeconds(5)).until(() -> lines.stream().anyMatch(l -> l.startsWith("damrelay demo: stopped")));
            List<Path> kept = workFolders();
            assertEquals(1, kept.size(), "one working folder kept: " + kept);
            assertTrue(Files.size(kept.get(0).resolve("demo.log")) > 0, "with its log");
        } finally {
            p.destroyForcibly();
        }
    }

    private Path tmp() throws Exception {
        return Files.createDirectories(dir.resolve("tmp"));
    }

    /** The demo's working folders left in its temporary folder. */
    private List<Path> workFolders() throws Exception {
        try (var s = Files.list(tmp())) {
            return s.filter(f -> f.getFileName().toString().startsWith("damrelay-demo")).toList();
        }
    }

    /** The demo's entry point in a JVM of its own, in the empty folder, its output collected line by line. */
    private Process demo(List<String> lines, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // the test class path holds two logback-test.xml, which logback would report on the terminal
                "-Dlogback.statusListenerClass=ch.qos.logback.core.status.NopStatusListener",
                // its temporary folder inside ours: what it leaves behind is seen here, and never stays in /tmp
                "-Djava.io.tmpdir=" + tmp(),
                "-cp", System.getProperty("java.class.path"), "org.damrelay.app.Damrelay", "demo"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) lines.add(l);
            } catch (Exception ignored) {
                // the process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        return p;
    }

    @Test
    void aBusyPortIsOneLineAndNoStackTrace() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> lines = new CopyOnWriteArrayList<>();
            Process p = demo(lines, "--port", String.valueOf(taken.getLocalPort()), "--boards", "1", "--serial", "memory");
            try {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the demo gives up at once");
                assertTrue(p.exitValue() != 0, "a failed start exits non-zero");
                // the reader thread may still be behind the exited process: wait for the very line asserted
                await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertTrue(lines.stream().anyMatch(l -> l.contains("port " + taken.getLocalPort())
                        && l.contains("is in use") && l.contains("--port")), "says what and what to do: " + lines));
                assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), "no stack trace: " + lines);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aSignalStopsItCleanlyAsCtrlCDoes() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        Process p = demo(lines, "--port", "0", "--boards", "2", "--speed", "100", "--serial", "memory");
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> lines.stream().anyMatch(l -> OVERVIEW.matcher(l).find()));
            // SIGTERM through the handle (Process.destroy would also close our end of its output): the JVM runs the same hook as for Ctrl-C
            p.toHandle().destroy();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the demo stops");
            int exit = p.exitValue();
            await().atMost(Duration.ofSeconds(5)).ignoreExceptions().untilAsserted(() -> assertTrue(
                    lines.stream().anyMatch(l -> l.startsWith("damrelay demo: stopped")), "a clean stop (exit " + exit + "): " + lines));
            assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), "no stack trace: " + lines);
            assertEquals(List.of(), workFolders(), "a signal removes the working folder too");
        } finally {
            p.destroyForcibly();
        }
    }

    private JsonNode event(int port) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/events/demo"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return json.readTree(r.body());
    }

    private int plies(int port) throws Exception {
        int n = 0;
        for (JsonNode g : event(port).path("games")) n += g.path("plies").asInt();
        return n;
    }

    /** Points scored on all boards: above 0 once a result is in (a 0-0 would not move the score; the bundled games have none). */
    private int points(int port) throws Exception {
        int n = 0;
        for (JsonNode g : event(port).path("games")) {
            n += switch (g.path("result").asText("")) {
                case "WHITE_WINS", "BLACK_WINS", "DRAW" -> 2;
                default -> 0;
            };
        }
        return n;
    }
}
