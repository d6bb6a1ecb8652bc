package org.damrelay.app.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The demo's temporary working folder, removed when it stops. */
final class WorkFolder {

    private WorkFolder() {}

    /** Deletes the folder and everything under it, deepest first; a folder already gone is fine. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + dir + ": " + e.getMessage(), e);
        }
    }
}
