package org.damrelay.dist;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release as a hall laptop gets it: damrelay-VERSION.zip unpacked into an empty folder, far
 * from the source tree, and run with nothing but a Java (JAVA_HOME) — no Maven, no build.
 */
@Timeout(180)
class ReleaseZipTest {

    @TempDir static Path tmp;
    static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        Path zip = Path.of(System.getProperty("damrelay.zip"));
        assertTrue(Files.isRegularFile(zip), "mvn package built " + zip);
        Path into = Files.createDirectories(tmp.resolve("laptop"));
        List<String> tops = new ArrayList<>();
        try (ZipFile z = ZipFile.builder().setPath(zip).get()) {
            for (ZipArchiveEntry e : Collections.list(z.getEntries())) {
                Path to = into.resolve(e.getName()).normalize();
                assertTrue(to.startsWith(into), "entry inside the folder: " + e.getName());
                tops.add(e.getName().split("/")[0]);
                if (e.isDirectory()) {
                    Files.createDirectories(to);
                    continue;
                }
                Files.createDirectories(to.getParent());
                try (InputStream in = z.getInputStream(e)) {
                    Files.copy(in, to);
                }
                // as unzip does: the mode the zip carries
                if ((e.getUnixMode() & 0100) != 0) Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        String version = zip.getFileName().toString().replaceFirst("^damrelay-(.*)\\.zip$", "$1");
        assertEquals(List.of("damrelay-" + version), tops.stream().distinct().toList(), "one top folder");
        home = into.resolve("damrelay-" + version);
    }

    @Test
    void itHoldsTheJarTheLaunchersTheSampleEventAndTheDocs() throws Exception {
        for (String f : List.of("lib/damrelay.jar", "damrelay", "damrelay.cmd", "README.md", "deploy/relay-jvm.options",
                "deploy/sample-event/relay.yaml", "deploy/sample-event/pairings.csv", "docs/hall.md", "docs/relay.md", "docs/driver.md")) {
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
            assertTrue(out.stream().anyMatch(l -> l.contains("event sample") && l.contains("/?event=sample")), String.join("\n", out));
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

    /** A relay config listening on loopback instead of every interface. */
    private static String loopbackOnly(Path config) throws Exception {
        String text = Files.readString(config);
        // the sample's tokens are public: it ships listening on this machine only
        assertTrue(text.contains("listen: {host: 127.0.0.1"), text);
        return text;
    }

    private static Process launch(List<String> out, String... args) throws Exception {
        return launch(out, Map.of(), args);
    }

    /** The sh launcher with only JAVA_HOME set (no Maven on a minimal PATH), output collected by line. */
    private static Process launch(List<String> out, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", home.resolve("damrelay").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(Files.createDirectories(tmp.resolve("cwd")).toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", "/usr/bin:/bin");
        // the demo's temporary folder inside the test's
        pb.environment().put("DAMRELAY_JAVA_OPTS", "-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("java-tmp")) + " -Xmx256m");
        pb.environment().putAll(env);
        Process p = pb.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) out.add(l);
            } catch (Exception ignored) {
                // the process ended
            }
        }, "release-output");
        reader.setDaemon(true);
        reader.start();
        return p;
    }
}
