package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.games.FrisianGameGenerator;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * The driver's reconstruction and the game model agree: every corpus game and every generated
 * Frisian game (src/test/resources/frisian/generated.pdn), played by the emulated hand, gives the
 * same positions, the same draw counts after every ply, the same result as {@link Game} playing the
 * PDN's moves; every move event carries exactly the counts the model runs. The Frisian games are
 * exact at default and heavy noise (every third one on a board turned round).
 */
class GameModelAgreementTest {
    private static final Set<EventType> FORBIDDEN = EnumSet.of(EventType.ILLEGAL_MOVE, EventType.POSITION_UNKNOWN,
            EventType.MOVE_REPLACED, EventType.MOVE_RETRACTED);

    static List<PdnGame> frisianGames() throws Exception {
        try (InputStream in = GameModelAgreementTest.class.getResourceAsStream("/frisian/generated.pdn")) {
            return PdnReader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void theFrisianSetIsWhatTheGeneratorMakesAndReachesTheEndings() throws Exception {
        List<PdnGame> games = frisianGames();
        assertEquals(26, games.size());
        assertEquals(games.get(0).plies(), FrisianGameGenerator.game(1000, games.get(0).start()).plies(), "reproducible");
        var ending = FrisianGameGenerator.ENDINGS.get(0);
        assertEquals(games.get(20).plies(), FrisianGameGenerator.game(ending.seed(), games.get(20).start()).plies());
        int blocked = 0, kings = 0;
        Set<DrawRule> draws = EnumSet.noneOf(DrawRule.class);
        for (PdnGame p : games) {
            Game g = model(p);
            for (int n = 1; n <= g.ply(); n++) {
                Game at = g.truncate(n);
                if (at.kingRuns().blockedKing(at.position()) != 0) blocked++;
            }
            if (p.plies().size() > 0 && g.position().kings(Color.WHITE) + g.position().kings(Color.BLACK) != 0) kings++;
            if (g.outcome().drawRule() != null) draws.add(g.outcome().drawRule());
        }
        assertTrue(blocked >= 5, "art. 17 positions: " + blocked);
        assertTrue(kings >= 10, "games ending with kings: " + kings);
        assertEquals(EnumSet.of(DrawRule.FRISIAN_TWO_KINGS, DrawRule.FRISIAN_KING_VS_KING), draws);
    }

    @Test
    void frisianGamesAtDefaultNoise() throws Exception {
        assertAgree(frisianGames(), NoiseProfile.defaults(), false);
    }

    @Test
    void frisianGamesAtHeavyNoiseSomeBoardsTurned() throws Exception {
        assertAgree(frisianGames(), NoiseProfile.heavy(), true);
    }

    @Test
    void corpusGames() {
        assertAgree(SharedTree.corpusGames(), NoiseProfile.defaults(), false);
    }

    private static Game model(PdnGame p) {
        Game g = Game.from(p.start(), GameSettings.of(p.variant()));
        for (var m : p.plies()) g = g.play(m);
        return g;
    }

    private static void assertAgree(List<PdnGame> games, NoiseProfile noise, boolean turnSome) {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            PdnGame p = games.get(i);
            boolean turned = turnSome && i % 3 == 0;
            Timeline timeline = new Emulator(EmulatorConfig.defaults().withNoise(noise).withSeed(3000 + i).withTurned(turned))
                    .play(p.start(), p.plies());
            List<ArbiterEvent> events = new ArrayList<>();
            Reconstructor r = new Reconstructor(ReconstructConfig.defaults(p.variant()).withStart(p.start()), ReplayLog.tee(events::add));
            timeline.replayTo(r);
            r.tick(timeline.endMillis() + 20_000);
            Game model = model(p);
            Game got = r.game();
            String why = null;
            List<String> expected = Notations.of(p);
            List<String> moves = Notations.moves(events, p);
            if (!expected.equals(moves)) why = "moves differ: " + moves.size() + " of " + expected.size();
            else if (events.stream().anyMatch(e -> FORBIDDEN.contains(e.type()))) {
                why = "forbidden " + events.stream().filter(e -> FORBIDDEN.contains(e.type())).findFirst().orElseThrow();
            } else if (got.ply() != model.ply()) why = "plies " + got.ply() + " vs " + model.ply();
            else if (!got.outcome().equals(model.outcome())) why = "outcome " + got.outcome() + " vs " + model.outcome();
            else {
                for (int n = 1; n <= model.ply() && why == null; n++) {
                    var a = got.plies().get(n - 1);
                    var b = model.plies().get(n - 1);
                    if (!a.after().equals(b.after()) || !a.drawStatus().equals(b.drawStatus())) why = "ply " + n + " differs";
                }
                for (ArbiterEvent e : events) {
                    if (e.type() != EventType.MOVE || why != null) continue;
                    var counts = model.truncate(e.ply()).drawStatus().counts();
                    if (!counts.containsAll(e.draws())) why = "ply " + e.ply() + " carries " + e.draws() + " where the model runs " + counts;
                }
            }
            if (why != null) failures.add("game " + i + (turned ? " (turned)" : "") + ": " + why);
        }
        assertTrue(failures.isEmpty(), failures.size() + " games disagree:\n" + String.join("\n", failures));
    }
}
