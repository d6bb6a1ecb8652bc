package org.damrelay.relay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real championship games through the relay: the PDN it serves reads back as the same moves. */
class CorpusRelayTest {

    @TempDir Path dir;

    @Test
    void corpusGamesComeBackFromThePdnEndpointMoveForMove() throws Exception {
        List<PdnGame> games = RelayedRound.games();
        String round = RelayedRound.pdn(dir);
        List<PdnGame> back = PdnReader.parse(round);
        assertEquals(3, back.size(), round);
        for (int b = 0; b < 3; b++) assertEquals(games.get(b).plies(), back.get(b).plies(), "board " + (b + 1));
        assertEquals("2-0", back.get(0).result());
        assertEquals("1-1", back.get(1).result());
        assertEquals("*", back.get(2).result(), "a game still played");
    }
}
