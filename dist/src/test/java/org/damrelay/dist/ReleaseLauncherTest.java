package org.damrelay.dist;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The launchers of the release as unpacked into a folder whose name has spaces: the Java check
 * (one line: which Java was found, which is needed), the quoting of every path, what they say
 * without arguments. The Unix launcher runs under /bin/sh; damrelay.cmd runs under wine's cmd with
 * a stand-in java.exe (src/test/resources/stub-java.c, built with mingw-w64) that prints the
 * arguments it received, so cmd's quoting is seen exactly as a real java.exe would get it.
 */
@Timeout(240)
class ReleaseLauncherTest {

    @TempDir static Path tmp;
    static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        home = Release.unpack(tmp.resolve(Release.FOLDER_WITH_SPACES));
    }

    /** A "java" that answers -XshowSettings:properties as the given version and otherwise prints its arguments. */
    static Path stubJavaHome(String folder) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve(folder).resolve("bin"));
        Path java = bin.resolve("java");
        if (!Files.exists(java)) {
            Files.writeString(java, """
                    #!/bin/sh
                    for a in "$@"; do
                      if [ "$a" = -XshowSettings:properties ]; then
                        { echo "Property settings:"; echo "    java.home = $(cd "$(dirname "$0")/.." && pwd)"
                          echo "    java.version = $STUB_JAVA_VERSION"; echo; echo "openjdk version \\"$STUB_JAVA_VERSION\\""; } >&2
                        exit 0
                      fi
                    done
                    echo "stub java: $# arguments"
                    for a in "$@"; do echo "arg: [$a]"; done
                    """, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return tmp.resolve(folder);
    }

    static List<String> sh(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", home.resolve("damrelay").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().remove("DAMRELAY_JAVA_OPTS");
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        return Release.run(pb);
    }

    /** The stub's "arg: [x]" lines as the arguments java received. */
    static List<String> javaArgs(List<String> out) {
        return out.stream().filter(l -> l.matches("^arg( \\d+)?: \\[.*")).map(l -> l.replaceFirst("^arg( \\d+)?: \\[(.*)\\]$", "$2")).toList();
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Unix {

        @ParameterizedTest
        @ValueSource(strings = {"1.8.0_381", "11.0.22", "17.0.8", "17"})
        void anOlderJavaIsRefusedInOneLineThatSaysWhichWasFoundAndWhichIsNeeded(String version) throws Exception {
            Path jdk = stubJavaHome("Old Java/jdk " + version);
            List<String> out = sh(Map.of("JAVA_HOME", jdk.toString(), "STUB_JAVA_VERSION", version), "relay", "--config", "x.yaml");
            assertEquals(List.of("damrelay: Java " + version + " found (" + jdk + "); Java 17.0.9 or later is needed, "
                    + "e.g. https://adoptium.net (or set JAVA_HOME)", "exit 1"), out);
        }

        @Test
        void noJavaAtAllIsOneLine() throws Exception {
            // a PATH with the tools the launcher uses and no java (Debian's /bin is /usr/bin, which has one)
            Path bin = Files.createDirectories(tmp.resolve("no java here"));
            for (String tool : List.of("dirname", "sed", "head")) {
                if (!Files.exists(bin.resolve(tool))) Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
            }
            List<String> out = sh(Map.of("PATH", bin.toString()));
            assertEquals(2, out.size(), String.join("\n", out));
            assertTrue(out.get(0).startsWith("damrelay: no Java found") && out.get(0).contains("17.0.9 or later is needed"), out.get(0));
            assertEquals("exit 1", out.get(1));
        }

        @ParameterizedTest
        @ValueSource(strings = {"17.0.9", "17.0.10", "21", "25-ea", "25.0.1"})
        void aJavaFromSeventeenNineOnGetsEveryPathWholeAndFromTwentyThreeTheFlagsAgainstUnsafeWarnings(String version) throws Exception {
            Path jdk = stubJavaHome("New Java/jdk " + version);
            List<String> out = sh(Map.of("JAVA_HOME", jdk.toString(), "STUB_JAVA_VERSION", version),
                    "relay", "--config", tmp.resolve("NK 2026/relay.yaml").toString(), "--name", "NK 2026");
            List<String> flags = Integer.parseInt(version.split("[.-]")[0]) >= 23
                    ? List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED") : List.of();
            List<String> expected = new ArrayList<>(flags);
            expected.addAll(List.of("@" + home.resolve("deploy/relay-jvm.options"), "-jar", home.resolve("lib/damrelay.jar").toString(),
                    "relay", "--config", tmp.resolve("NK 2026/relay.yaml").toString(), "--name", "NK 2026"));
            assertEquals(expected, javaArgs(out), String.join("\n", out));
            assertEquals("exit 0", out.get(out.size() - 1));
        }

        @Test
        void withoutArgumentsItSaysWhichJavaAndWhereTheRelaysAddressesAre() throws Exception {
            List<String> out = sh(Map.of("JAVA_HOME", System.getProperty("java.home")));
            assertTrue(out.get(0).startsWith("damrelay: Java " + System.getProperty("java.version")), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.contains("/?event=") && l.contains("&round=1")), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.contains("damrelay relay --config")), String.join("\n", out));
            assertEquals("exit 0", out.get(out.size() - 1));
        }

        /** A real Java 23 or newer (damrelay.newJava, else the newest under /usr/lib/jvm), when this machine has one. */
        Optional<Path> newJava() throws Exception {
            String given = System.getProperty("damrelay.newJava");
            if (given != null && !given.isBlank()) return Optional.of(Path.of(given));
            Path jvms = Path.of("/usr/lib/jvm");
            if (!Files.isDirectory(jvms)) return Optional.empty();
            try (Stream<Path> s = Files.list(jvms)) {
                return s.filter(j -> Files.isExecutable(j.resolve("bin/java")) && Files.isRegularFile(j.resolve("release")))
                        .filter(j -> major(j) >= 23).findFirst();
            }
        }

        int major(Path jdk) {
            try {
                return Files.readAllLines(jdk.resolve("release")).stream().filter(l -> l.startsWith("JAVA_VERSION="))
                        .map(l -> Integer.parseInt(l.replaceAll("JAVA_VERSION=\"?(\\d+).*", "$1"))).findFirst().orElse(0);
            } catch (Exception e) {
                return 0;
            }
        }

        @Test
        void onARealJavaTwentyThreeOrNewerTheRelayStartsWithoutWarningLines() throws Exception {
            Optional<Path> jdk = newJava();
            assumeTrue(jdk.isPresent(), "no Java 23 or newer on this machine (set -Ddamrelay.newJava=JAVA_HOME to run this)");
            // the same relay started on that Java without the launcher prints them: the check can fail
            List<String> bare = relayUntilListening(List.of(jdk.get().resolve("bin/java").toString(), "-jar", home.resolve("lib/damrelay.jar").toString()), Map.of());
            assumeTrue(bare.stream().anyMatch(l -> l.startsWith("WARNING:")), "this Java prints no warnings anyway: " + bare);
            List<String> out = relayUntilListening(List.of("/bin/sh", home.resolve("damrelay").toString()), Map.of("JAVA_HOME", jdk.get().toString()));
            assertEquals(List.of(), out.stream().filter(l -> l.startsWith("WARNING")).toList(), String.join("\n", out));
        }

        List<String> relayUntilListening(List<String> launcher, Map<String, String> env) throws Exception {
            List<String> cmd = new ArrayList<>(launcher);
            cmd.addAll(List.of("relay", "--port", "0", "--data", Files.createTempDirectory(tmp, "data").toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
            pb.environment().remove("DAMRELAY_JAVA_OPTS");
            pb.environment().putAll(env);
            List<String> out = new CopyOnWriteArrayList<>();
            Process p = Release.start(pb, out);
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> out.stream().anyMatch(l -> l.startsWith("damrelay relay listening on port")) || !p.isAlive());
                assertTrue(p.isAlive(), String.join("\n", out));
                return List.copyOf(out);
            } finally {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * damrelay.cmd under wine's cmd (headless: no display needed). Skipped, saying so, where wine or
     * mingw-w64 is missing (.ci/run installs both). Not a real Windows: Explorer's double-click and a
     * real java.exe are stood in for by a call from a batch file and the stub.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Windows {

        Path stubJava;      // <folder with spaces and parentheses>\jdk 17\bin\java.exe
        Path wineprefix;

        @BeforeAll
        void buildTheStubJava() throws Exception {
            assumeTrue(onPath("wine"), "wine is not installed: damrelay.cmd is not run (Debian: apt-get install wine)");
            assumeTrue(onPath("x86_64-w64-mingw32-gcc"), "mingw-w64 is not installed: no stand-in java.exe (Debian: gcc-mingw-w64-x86-64)");
            Path jdk = Files.createDirectories(tmp.resolve("Program Files (x86)/Java/jdk 17/bin"));
            stubJava = jdk.resolve("java.exe");
            Path source = tmp.resolve("stub-java.c");
            try (var in = ReleaseLauncherTest.class.getResourceAsStream("/stub-java.c")) {
                Files.copy(in, source);
            }
            Process gcc = new ProcessBuilder("x86_64-w64-mingw32-gcc", "-O", "-o", stubJava.toString(), source.toString()).inheritIO().start();
            assertTrue(gcc.waitFor(120, TimeUnit.SECONDS) && gcc.exitValue() == 0, "the stub java.exe builds");
            // one wine prefix for the module's runs, kept in target/ (its first start takes ~20 s)
            wineprefix = Path.of(System.getProperty("damrelay.wineprefix", "target/wine")).toAbsolutePath();
        }

        boolean onPath(String command) {
            return Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, command)));
        }

        /** A Linux path as wine's Windows side sees it (drive Z: is /). */
        String win(Path p) {
            return "Z:" + p.toAbsolutePath().toString().replace('/', '\\');
        }

        /** Runs {@code call "<release>\damrelay.cmd" ARGS} from a batch file, as typed in a Command Prompt. */
        List<String> cmd(Map<String, String> env, String typed) throws Exception {
            Path bat = Files.createTempFile(tmp, "typed", ".bat");
            Files.writeString(bat, "@echo off\r\ncall \"" + win(home.resolve("damrelay.cmd")) + "\"" + typed + "\r\n", StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder("wine", "cmd", "/c", win(bat)).directory(tmp.toFile());
            pb.environment().put("WINEPREFIX", wineprefix.toString());
            pb.environment().put("WINEDEBUG", "-all");
            pb.environment().remove("DISPLAY");
            pb.environment().remove("JAVA_HOME");
            pb.environment().remove("DAMRELAY_JAVA_OPTS");
            pb.environment().putAll(env);
            // nothing on stdin: pause returns at once, as if a key was pressed
            return Release.run(pb).stream().map(l -> l.replace("\r", "")).filter(l -> !l.isBlank()).toList();
        }

        Map<String, String> java(String version) {
            return Map.of("JAVA_HOME", win(stubJava.getParent().getParent()), "STUB_JAVA_VERSION", version);
        }

        @Test
        void everyPathReachesJavaWholeFromAFolderWithSpacesAndParentheses() throws Exception {
            Path config = tmp.resolve("NK 2026 (Zeist)/relay.yaml");
            List<String> out = cmd(java("17.0.9"), " relay --config \"" + win(config) + "\" --name \"NK 2026\"");
            assertEquals(List.of("@" + win(home.resolve("deploy/relay-jvm.options")), "-jar", win(home.resolve("lib/damrelay.jar")),
                    "relay", "--config", win(config), "--name", "NK 2026"), javaArgs(out), String.join("\n", out));
            assertTrue(out.contains("argfile opened"), "java can open the options file it was given: " + out);
            assertTrue(out.contains("launcher: [" + win(home.resolve("damrelay.cmd")) + "]"), String.join("\n", out));
            assertEquals("exit 0", out.get(out.size() - 1));
        }

        @ParameterizedTest
        @ValueSource(strings = {"1.8.0_381", "11.0.22", "17.0.8"})
        void anOlderJavaIsRefusedInOneLine(String version) throws Exception {
            List<String> out = cmd(java(version), " relay --config x.yaml");
            assertEquals(List.of("damrelay: Java " + version + " found (" + win(stubJava.getParent().getParent())
                    + "); Java 17.0.9 or later is needed, e.g. https://adoptium.net (or set JAVA_HOME)", "exit 1"),
                    out.stream().map(String::strip).toList());
        }

        @ParameterizedTest
        @ValueSource(strings = {"17.0.10", "21", "25.0.1"})
        void aNewerJavaRunsTheJarAndFromTwentyThreeWithoutUnsafeWarnings(String version) throws Exception {
            List<String> out = cmd(java(version), " pdn check \"" + win(tmp.resolve("my games/round 1.pdn")) + "\"");
            List<String> expected = new ArrayList<>(version.startsWith("25")
                    ? List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED") : List.of());
            expected.addAll(List.of("-jar", win(home.resolve("lib/damrelay.jar")), "pdn", "check", win(tmp.resolve("my games/round 1.pdn"))));
            assertEquals(expected, javaArgs(out), String.join("\n", out));
        }

        @Test
        void doubleClickedItChecksJavaExplainsAndKeepsTheWindowOpen() throws Exception {
            List<String> out = cmd(java("21.0.2"), "");
            assertEquals("damrelay: Java 21.0.2 (" + win(stubJava.getParent().getParent()) + ")", out.get(0).strip(), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.contains("damrelay.cmd relay --config")), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.contains("/?event=nk2026&round=1")), "the addresses, & unescaped: " + out);
            assertTrue(out.stream().anyMatch(l -> l.contains("Press any key")), "pause keeps the window open: " + out);
            assertTrue(javaArgs(out).isEmpty(), "no jar run: " + out);
        }

        @Test
        void withoutJavaItSaysSoAndKeepsTheWindowOpen() throws Exception {
            List<String> out = cmd(Map.of(), "");
            assertTrue(out.stream().anyMatch(l -> l.startsWith("damrelay: no Java found") && l.contains("Java 17.0.9 or later is needed")), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.contains("Press any key")), String.join("\n", out));
            assertEquals("exit 1", out.get(out.size() - 1));
        }
    }
}
