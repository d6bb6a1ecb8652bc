package org.damrelay.draughts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every corpus game replays legally through Game, and no draw rule fires in a game a player won. */
class CorpusReplayTest {

    @Test
    void everyGameReplays() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(CorpusGames.shared().resolve("corpus"))) {
            files = s.filter(p -> p.toString().endsWith(".pdn")).sorted().toList();
        }
        int games = 0, plies = 0;
        List<String> drawn = new ArrayList<>();
        for (Path f : files) {
            for (List<String> moves : CorpusGames.allGames(f.getFileName().toString())) {
                games++;
                Game g;
                try {
                    g = CorpusGames.replay(moves, moves.size(), CorpusGames.international());
                } catch (IllegalArgumentException | AssertionError e) {
                    throw new AssertionError(f.getFileName() + ", game " + games + " " + moves + ": " + e.getMessage(), e);
                }
                plies += g.ply();
                if (g.drawStatus().isDrawn()) drawn.add(f.getFileName() + " game " + games + ": " + g.drawStatus());
            }
        }
        assertEquals(97, games);
        assertEquals(10_114, plies);
        // the players agreed or resigned before any rule applied: a draw found here would be a false alarm
        assertEquals(List.of(), drawn);
    }
}
