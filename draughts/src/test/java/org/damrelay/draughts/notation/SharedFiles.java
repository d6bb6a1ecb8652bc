package org.damrelay.draughts.notation;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the read-only shared/ tree (spec, corpus) from a test. */
final class SharedFiles {
    private SharedFiles() {}

    static Path root() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "corpus"))) return Path.of(prop);
        for (String candidate : new String[] {"../../shared", "../shared"}) {
            if (Files.isDirectory(Path.of(candidate, "corpus"))) return Path.of(candidate);
        }
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }

    static Path corpus() {
        return root().resolve("corpus");
    }
}
