package org.damrelay.draughts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.testing.SharedTree;
import org.junit.jupiter.api.Test;

/** Every corpus game replays legally through Game, and no draw rule fires in a real game's main line. */
class CorpusReplayTest {

    @Test
    void everyGameReplays() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(SharedTree.corpus())) {
            files = s.filter(p -> p.toString().endsWith(".pdn")).sorted().toList();
        }
        int games = 0, plies = 0;
        List<String> drawn = new ArrayList<>();
        for (Path f : files) {
            for (PdnGame pdn : SharedTree.corpusFile(f.getFileName().toString())) {
                if (pdn.plies().isEmpty()) continue; // a record with tags only
                Game g = CorpusGames.replay(pdn, pdn.plies().size());
                games++;
                plies += g.ply();
                if (g.drawStatus().isDrawn()) drawn.add(f.getFileName() + " " + pdn.players() + ": " + g.drawStatus());
            }
        }
        assertEquals(97, games);
        assertEquals(10_114, plies);
        // the players agreed or resigned before any rule applied: a draw found here would be a false alarm
        assertEquals(List.of(), drawn);
    }
}
