package org.damrelay.relay.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticFilesTest {

    @TempDir Path dir;

    @Test
    void servesTheConfiguredDirectoryAndNothingOutsideIt() throws Exception {
        Path root = Files.createDirectories(dir.resolve("viewer"));
        Files.writeString(root.resolve("index.html"), "<html>viewer</html>");
        Files.createDirectories(root.resolve("js"));
        Files.writeString(root.resolve("js/board.js"), "export {};");
        Files.writeString(dir.resolve("secret.txt"), "token");
        StaticFiles files = new StaticFiles(root);

        StaticFiles.File index = files.find("/");
        assertEquals("<html>viewer</html>", new String(index.bytes()));
        assertEquals("text/html; charset=utf-8", index.contentType());
        assertEquals("text/javascript; charset=utf-8", files.find("/js/board.js").contentType());
        assertNull(files.find("/../secret.txt"));
        assertNull(files.find("/js/../../secret.txt"));
        assertNull(files.find("/missing.js"));
        assertNull(files.find("/js"));
        assertNull(files.find("/js/"));
    }

    @Test
    void withoutADirectoryItLooksOnTheClasspath() throws Exception {
        // the web-viewer module puts its files under damrelay/viewer/; the tests put a probe there
        StaticFiles files = new StaticFiles(null);
        assertEquals("probe\n", new String(files.find("/test-probe.txt").bytes()));
        assertNull(files.find("/no-such-file.js"));
        assertNull(files.find("/../logback-test.xml"));
        // a folder is not a file: no listing, no empty 200
        assertEquals("export {};\n", new String(files.find("/js/probe.js").bytes()));
        for (String folder : new String[] {"/js", "/js/", "/"}) assertNull(files.find(folder), folder);
    }
}
