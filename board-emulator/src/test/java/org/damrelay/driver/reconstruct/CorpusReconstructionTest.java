package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * All corpus games played by the emulated hand on an emulated board, at default and at heavy
 * noise (every third game with the board turned round), reconstruct to exactly the corpus moves.
 */
class CorpusReconstructionTest {
    private static final Set<EventType> FORBIDDEN = EnumSet.of(EventType.ILLEGAL_MOVE, EventType.POSITION_UNKNOWN,
            EventType.MOVE_REPLACED, EventType.MOVE_RETRACTED);

    @Test
    void defaultNoise() {
        assertCorpus(NoiseProfile.defaults(), false);
    }

    @Test
    void heavyNoiseSomeBoardsTurned() {
        assertCorpus(NoiseProfile.heavy(), true);
    }

    private static void assertCorpus(NoiseProfile noise, boolean turnSome) {
        List<PdnGame> games = SharedTree.corpusGames();
        assertEquals(97, games.size(), "corpus games");
        int plies = 0;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            PdnGame g = games.get(i);
            boolean turned = turnSome && i % 3 == 0;
            EmulatorConfig ec = EmulatorConfig.defaults().withNoise(noise).withSeed(1000 + i).withTurned(turned);
            Timeline timeline = new Emulator(ec).play(g.start(), g.plies());
            List<ArbiterEvent> events = new ArrayList<>();
            Reconstructor r = new Reconstructor(ReconstructConfig.defaults(g.variant()).withStart(g.start()), ReplayLog.tee(events::add));
            timeline.replayTo(r);
            r.tick(timeline.endMillis() + 10_000);

            List<String> expected = Notations.of(g);
            List<String> got = Notations.moves(events, g);
            List<String> bad = events.stream().filter(e -> FORBIDDEN.contains(e.type())).map(ArbiterEvent::toString).toList();
            if (!expected.equals(got) || !bad.isEmpty()) {
                int k = 0;
                while (k < Math.min(expected.size(), got.size()) && expected.get(k).equals(got.get(k))) k++;
                failures.add("game " + i + (turned ? " (turned)" : "") + ": first difference at ply " + (k + 1)
                        + " expected " + (k < expected.size() ? expected.get(k) : "end") + " got " + (k < got.size() ? got.get(k) : "end")
                        + "; forbidden events " + bad.stream().limit(3).toList());
            }
            plies += expected.size();
        }
        assertTrue(failures.isEmpty(), failures.size() + " games differ:\n" + String.join("\n", failures));
        assertEquals(10_114, plies, "corpus plies");
    }
}
