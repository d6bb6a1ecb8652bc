package org.damrelay.app.uplink;

import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.PlyPlan;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.Timing;

/** Emulated boards for the uplink tests: quick, clean hands playing the opening of a corpus game. */
final class QuickTimelines {
    private QuickTimelines() {}

    /** The first {@code plies} plies; before ply {@code pauseBefore} + 1 the players think {@code pauseMs} more (-1: no pause). */
    static Timeline of(PdnGame game, int plies, long seed, int pauseBefore, long pauseMs) {
        Timing quick = new Timing(200, 250, 1500, 800, 3000, 250, 700, 200, 700);
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withTiming(quick)
                .withClockTickMs(0).withSeed(seed);
        Emulator.Session session = new Emulator(config).session(game.start());
        Position pos = game.start();
        for (int i = 0; i < plies; i++) {
            if (i == pauseBefore) session.board().advance(pauseMs);
            Move m = game.plies().get(i);
            session.ply(pos.sideToMove(), m, PlyPlan.clean());
            pos = pos.apply(m);
        }
        return session.finish();
    }
}
