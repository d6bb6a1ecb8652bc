package org.damrelay.draughts.game;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Move;

/** The shared corpus of real games, through the notation package's reader. */
final class CorpusGames {
    private CorpusGames() {}

    static Path corpus() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop))) return Path.of(prop).resolve("corpus");
        for (String p : List.of("../../shared", "../shared")) if (Files.isDirectory(Path.of(p))) return Path.of(p).resolve("corpus");
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }

    static List<PdnGame> read(String file) {
        try {
            return PdnReader.read(corpus().resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A game's first {@code plies} moves played through Game. */
    static Game replay(PdnGame pdn, int plies) {
        Game g = Game.from(pdn.start(), pdn.variant());
        for (Move m : pdn.plies().subList(0, plies)) g = g.play(m);
        return g;
    }
}
