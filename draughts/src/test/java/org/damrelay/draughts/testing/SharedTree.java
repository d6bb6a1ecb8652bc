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
 * The championship games every module's tests replay: the read-only shared/ tree's corpus where
 * surefire says ({@code damrelay.shared}) or beside the checkout, else the project's own copy of
 * it (the demo's bundled games, the same files), so that a user's clone, which has no shared/,
 * runs every test too. Published in the draughts test-jar so the lookup lives in one place.
 */
public final class SharedTree {
    private static final String PROPERTY = "damrelay.shared";
    private static final List<String> BESIDE_CHECKOUT = List.of("../../shared", "../shared");
    /** The project's copy, seen from a module (surefire's working directory) or from the repository. */
    private static final List<String> PROJECT_COPY = List.of(
            "../app/src/main/resources/org/damrelay/app/demo/games", "app/src/main/resources/org/damrelay/app/demo/games");

    private SharedTree() {}

    public static Path corpus() {
        String prop = System.getProperty(PROPERTY);
        List<Path> tried = new ArrayList<>();
        if (prop != null) tried.add(Path.of(prop, "corpus"));
        for (String s : BESIDE_CHECKOUT) tried.add(Path.of(s, "corpus"));
        for (String s : PROJECT_COPY) tried.add(Path.of(s));
        for (Path candidate : tried) {
            if (Files.isDirectory(candidate)) return candidate;
        }
        throw new IllegalStateException("no corpus: set -D" + PROPERTY + " (tried " + tried + ")");
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
