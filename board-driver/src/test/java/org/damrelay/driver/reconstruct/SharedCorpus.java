package org.damrelay.driver.reconstruct;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;

/** The 97 championship games of shared/corpus with moves (the record without moves left out), found as the build tells (damrelay.shared) or beside the checkout. */
final class SharedCorpus {
    private SharedCorpus() {}

    static Path root() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "corpus"))) return Path.of(prop);
        for (String candidate : new String[] {"../../shared", "../shared"}) {
            if (Files.isDirectory(Path.of(candidate, "corpus"))) return Path.of(candidate);
        }
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }

    static List<PdnGame> games() {
        List<PdnGame> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(root().resolve("corpus"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".pdn")).sorted().toList()) {
                for (PdnGame g : PdnReader.read(f)) if (!g.plies().isEmpty()) out.add(g);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
