package org.damrelay.emulator;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.testing.SharedTree;
import org.junit.jupiter.api.Test;

/**
 * All corpus games through the emulated board at default and heavy noise, read back by the naive
 * settle reader: the real games' captures and promotions stay recoverable under every preset.
 */
class CorpusEmulationTest {

    @Test
    void everyCorpusGameIsRecoveredAtDefaultAndHeavyNoise() throws IOException {
        List<PdnGame> games = SharedTree.corpusGames();
        assertEquals(97, games.size());
        int plies = 0;
        for (String preset : List.of("default", "heavy")) {
            for (int i = 0; i < games.size(); i++) {
                PdnGame g = games.get(i);
                EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.preset(preset)).withSeed(i).withClockTickMs(0);
                SettleReconstruction reader = new SettleReconstruction(g.start(), 650, false);
                new Emulator(config).play(g.start(), g.plies()).replayTo(reader);
                assertEquals(g.plies(), reader.finish(), preset + " game " + i + " " + g.players());
                plies += g.plies().size();
            }
        }
        assertEquals(2 * 10_114, plies);
    }
}
