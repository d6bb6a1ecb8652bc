package org.damrelay.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/** The release zip as a hall laptop gets it: unpacked as unzip does, into a folder whose name has spaces. */
final class Release {

    /** A Windows user's download folder, e.g. C:\Users\Jan de Vries\Downloads. */
    static final String FOLDER_WITH_SPACES = "Jan de Vries/Downloads";

    private Release() {}

    /** Unpacks damrelay-VERSION.zip (system property damrelay.zip) under {@code into}; its one top folder. */
    static Path unpack(Path into) throws Exception {
        Path zip = Path.of(System.getProperty("damrelay.zip"));
        assertTrue(Files.isRegularFile(zip), "mvn package built " + zip);
        Files.createDirectories(into);
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
        return into.resolve("damrelay-" + version);
    }

    /**
     * Runs a process to its end with nothing on its stdin (a pause returns at once): its output
     * (stdout and stderr) by line, then "exit N". The test's own @Timeout bounds it.
     */
    static List<String> run(ProcessBuilder pb) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
        p.getOutputStream().close();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) out.add(l);
        }
        out.add("exit " + p.waitFor());
        return out;
    }

    /** Starts a process with its output (stdout and stderr) collected by line into {@code out}. */
    static Process start(ProcessBuilder pb, List<String> out) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
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
