package org.damrelay.relay.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The viewer's static files: from a configured directory, or else from the classpath folder
 * {@code damrelay/viewer/} (where the web-viewer module puts them).
 */
public final class StaticFiles {

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "mjs", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "svg", "image/svg+xml",
            "json", "application/json", "png", "image/png", "ico", "image/x-icon", "txt", "text/plain; charset=utf-8");

    private final Path dir;

    public StaticFiles(Path dir) {
        this.dir = dir == null ? null : dir.toAbsolutePath().normalize();
    }

    public record File(byte[] bytes, String contentType) {}

    /** The file for a URL path, or null (also for any path that tries to leave the root). */
    public File find(String urlPath) throws IOException {
        String rel = urlPath.equals("/") || urlPath.isEmpty() ? "index.html" : urlPath.substring(1);
        // a folder (/js, /css/) is not a file: its listing or nothing would answer 200
        if (rel.contains("..") || rel.contains("\\") || rel.startsWith("/") || rel.endsWith("/")) return null;
        if (rel.equals("favicon.ico")) rel = "favicon.svg"; // for clients that ask without reading the page's icon link
        byte[] bytes = null;
        if (dir != null) {
            Path p = dir.resolve(rel).normalize();
            if (p.startsWith(dir) && Files.isRegularFile(p)) bytes = Files.readAllBytes(p);
        } else {
            URL url = StaticFiles.class.getClassLoader().getResource("damrelay/viewer/" + rel);
            if (url != null && !directory(url)) {
                try (InputStream in = url.openStream()) {
                    bytes = in.readAllBytes();
                }
            }
        }
        if (bytes == null) return null;
        String ext = rel.substring(rel.lastIndexOf('.') + 1).toLowerCase();
        return new File(bytes, TYPES.getOrDefault(ext, "application/octet-stream"));
    }

    /** Whether a classpath entry is a folder: in a jar its entry says so, on disk the file does. */
    private static boolean directory(URL url) throws IOException {
        return switch (url.getProtocol()) {
            case "jar" -> ((JarURLConnection) url.openConnection()).getJarEntry().isDirectory();
            case "file" -> {
                try {
                    yield Files.isDirectory(Path.of(url.toURI()));
                } catch (URISyntaxException e) {
                    yield true;
                }
            }
            default -> false;
        };
    }
}
