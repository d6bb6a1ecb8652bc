package org.damrelay.driver.emulator;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.junit.jupiter.api.Test;

/**
 * All corpus games through the emulated board at default and heavy noise, read back by the naive
 * settle reader: the real games' captures and promotions stay recoverable under every preset.
 */
class CorpusEmulationTest {

    static Path shared() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "corpus"))) return Path.of(prop);
        for (String c : new String[] {"../../shared", "../shared"}) if (Files.isDirectory(Path.of(c, "corpus"))) return Path.of(c);
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }

    static List<PdnGame> corpus() throws IOException {
        List<PdnGame> games = new ArrayList<>();
        try (Stream<Path> files = Files.list(shared().resolve("corpus"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".pdn")).sorted().toList()) {
                for (PdnGame g : PdnReader.read(f)) if (!g.plies().isEmpty()) games.add(g);
            }
        }
        return games;
    }

    @Test
    void everyCorpusGameIsRecoveredAtDefaultAndHeavyNoise() throws IOException {
        List<PdnGame> games = corpus();
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
