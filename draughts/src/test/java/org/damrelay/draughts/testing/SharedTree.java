package org.damrelay.draughts.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;

/**
 * The read-only shared/ tree (spec, corpus) for every module's tests: where surefire says
 * ({@code damrelay.shared}) or beside the checkout, seen from a module or from the repository.
 * Published in the draughts test-jar so the lookup lives in one place.
 */
public final class SharedTree {
    private static final String PROPERTY = "damrelay.shared";
    private static final List<String> BESIDE_CHECKOUT = List.of("../../shared", "../shared");

    private SharedTree() {}

    public static Path root() {
        String prop = System.getProperty(PROPERTY);
        List<String> tried = new ArrayList<>();
        if (prop != null) tried.add(prop);
        tried.addAll(BESIDE_CHECKOUT);
        for (String candidate : tried) {
            if (Files.isDirectory(Path.of(candidate, "corpus"))) return Path.of(candidate);
        }
        throw new IllegalStateException("shared/ not found: set -D" + PROPERTY + " (tried " + tried + ")");
    }

    public static Path corpus() {
        return root().resolve("corpus");
    }

    /** Every game of one corpus file, as recorded (including any record without moves). */
    public static List<PdnGame> corpusFile(String file) {
        try {
            return PdnReader.read(corpus().resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The corpus games that have moves, file by file in name order (the record without moves left out). */
    public static List<PdnGame> corpusGames() {
        List<PdnGame> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(corpus())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".pdn")).sorted().toList()) {
                for (PdnGame g : PdnReader.read(f)) if (!g.plies().isEmpty()) out.add(g);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
