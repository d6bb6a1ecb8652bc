package org.damrelay.app.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.driver.uplink.GameEvents;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.game.EventCheck;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The driver and the relay hold one game model: every corpus game played on the emulated board
 * and reconstructed by the driver, sent as the driver sends it and folded by the relay, gives on
 * both sides the same position after every event, the same running draw counts and the same result;
 * and so does every generated Frisian game.
 */
class RelayDriverAgreementTest {

    @Test
    void everyCorpusGameGivesTheSamePositionsCountsAndResultOnBothSides() {
        List<PdnGame> games = SharedTree.corpusGames();
        assertEquals(97, games.size(), "corpus games");
        int[] counted = {0};
        assertEquals(10_114, agree(games, 2000, counted), "corpus plies");
        assertTrue(counted[0] > 50, "the corpus reaches king endings with counts running: " + counted[0] + " events");
    }

    /** The generated Frisian games (board-emulator's test resources): art. 17, 18 and 21 on both sides. */
    @Test
    void everyGeneratedFrisianGameGivesTheSamePositionsCountsAndResultOnBothSides() throws Exception {
        List<PdnGame> games;
        try (InputStream in = RelayDriverAgreementTest.class.getResourceAsStream("/frisian/generated.pdn")) {
            games = PdnReader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertTrue(games.size() >= 10 && games.stream().allMatch(g -> g.variant() == Variant.FRISIAN), games.size() + " games");
        int[] counted = {0};
        assertTrue(agree(games, 3000, counted) > 0);
        assertTrue(counted[0] > 0, "the Frisian endings run the 7-move count (art. 18)");
    }

    /** Plays every game on both sides; fails naming the games that differ; returns the plies played. */
    private static int agree(List<PdnGame> games, int seed, int[] counted) {
        List<String> failures = new ArrayList<>();
        int plies = 0;
        for (int i = 0; i < games.size(); i++) {
            PdnGame g = games.get(i);
            Timeline timeline = new Emulator(EmulatorConfig.defaults().withNoise(NoiseProfile.defaults()).withSeed(seed + i))
                    .play(g.start(), g.plies());
            GameInfo info = GameInfo.newBuilder().setGameId("corpus-" + i).setVariant(g.variant().name())
                    .setStartFen(g.start().equals(Position.start()) ? "" : Fen.write(g.start())).build();
            GameFold relay = new GameFold(info);
            List<String> mismatches = new ArrayList<>();
            Reconstructor[] driver = new Reconstructor[1];
            int[] version = {0};
            // what the driver has said so far: a capture goes out before its judgement commits it (ShownAhead), so the
            // driver's word is the position and counts its events carry, not its model of the moment
            Position[] stated = {g.start()};
            List<?>[] statedCounts = {List.of()};
            driver[0] = new Reconstructor(ReconstructConfig.defaults(g.variant()).withStart(g.start()), (ArbiterEvent e) -> {
                GameEvent wire = GameEvents.toProto(e, g.variant(), g.start());
                Verdict v = EventCheck.check(relay, wire);
                if (v instanceof Verdict.Refused r) {
                    mismatches.add(e.type() + " at ply " + e.ply() + " refused: " + r.message());
                    return;
                }
                GameEvent accepted = ((Verdict.Accepted) v).event();
                relay.apply(GameUpdate.newBuilder().setVersion(++version[0]).setEvent(accepted).build());
                Game model = driver[0].game();
                boolean move = e.type() == EventType.MOVE || e.type() == EventType.ILLEGAL_MOVE || e.type() == EventType.MOVE_REPLACED;
                if (e.after() != null && (move || e.type() == EventType.MOVE_RETRACTED)) stated[0] = e.after();
                if (move) statedCounts[0] = e.draws().stream().map(c -> GameWire.draw(c, model.startPosition())).toList();
                else if (e.type() == EventType.MOVE_RETRACTED) statedCounts[0] = GameWire.draws(model.drawStatus(), model.startPosition());
                if (!relay.position().equals(stated[0])) {
                    mismatches.add("after " + e + ": relay " + Fen.write(relay.position()) + ", driver " + Fen.write(stated[0]));
                }
                var driverCounts = statedCounts[0];
                if (!driverCounts.isEmpty()) counted[0]++;
                if (!accepted.getDrawsList().equals(driverCounts)) {
                    mismatches.add("after " + e + ": relay counts " + accepted.getDrawsList() + ", driver " + driverCounts);
                }
            });
            timeline.replayTo(driver[0]);
            driver[0].tick(timeline.endMillis() + 10_000);
            Game model = driver[0].game();
            if (relay.plyCount() != model.ply()) mismatches.add("relay has " + relay.plyCount() + " plies, driver " + model.ply());
            if (!relay.game().outcome().equals(model.outcome())) {
                mismatches.add("relay result " + relay.game().outcome() + ", driver " + model.outcome());
            }
            if (!mismatches.isEmpty()) failures.add("game " + i + ": " + mismatches.stream().limit(3).toList());
            plies += model.ply();
        }
        assertTrue(failures.isEmpty(), failures.size() + " games differ:\n" + String.join("\n", failures));
        return plies;
    }
}
