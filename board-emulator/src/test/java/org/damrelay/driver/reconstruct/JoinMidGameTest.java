package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnWriter;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventJson;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.replay.ReconstructedPdn;
import org.damrelay.driver.uplink.GameEvents;
import org.damrelay.driver.uplink.WirePlies;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.Fields;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.proto.wire.GameWire;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * A standalone driver started after the game began (issue 13): the board was played on before the
 * first read. The reconstruction takes the first settled position as the game's, says so
 * (JOINED_MID_GAME), learns who is to move from the first move and yields every remaining move.
 */
class JoinMidGameTest {

    @Test
    void aBoardPlayedOnBeforeTheFirstReadYieldsAllRemainingMoves() {
        List<PdnGame> games = SharedTree.corpusGames();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            PdnGame g = games.get(i);
            NoiseProfile noise = i % 2 == 0 ? NoiseProfile.defaults() : NoiseProfile.heavy();
            int joinPly = g.plies().size() / 3 + i % 2; // both sides to move at the join, over the games
            List<ArbiterEvent> events = new ArrayList<>();
            joined(g, noise, 500 + i, joinPly, events);

            List<String> expected = Notations.of(g);
            List<String> got = Notations.moves(events, g);
            boolean joined = !events.isEmpty() && events.get(0).type() == EventType.JOINED_MID_GAME;
            boolean suffix = got.size() <= expected.size() && got.equals(expected.subList(expected.size() - got.size(), expected.size()));
            // the first still board comes at most a couple of plies after the first read
            if (!joined || !suffix || got.size() < expected.size() - joinPly - 2
                    || events.stream().anyMatch(e -> e.type() == EventType.ILLEGAL_MOVE || e.type() == EventType.POSITION_UNKNOWN)) {
                failures.add("game " + i + ": joined at ply " + joinPly + " of " + expected.size() + ", got " + got.size()
                        + " moves; first events " + events.stream().limit(4).map(ArbiterEvent::toString).toList());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void joinedWithBlackToMoveNumbersPliesAsThePdnFromItsFen() {
        List<PdnGame> games = SharedTree.corpusGames();
        int checked = 0;
        for (int i = 0; i < 12 && checked < 2; i++) {
            PdnGame g = games.get(i);
            List<ArbiterEvent> events = new ArrayList<>();
            Reconstructor r = joined(g, NoiseProfile.defaults(), 700 + i, g.plies().size() / 3 | 1, events); // black to move at the join
            PdnGame record = ReconstructedPdn.records(r.game(), Map.of()).get(0);
            if (record.start().sideToMove() != Color.BLACK) continue; // the first still board came after white's reply
            checked++;

            // the record's FEN has black to move: its first move is "1... ", ply 2 on the wire and in replay's JSON
            assertTrue(PdnWriter.write(record).contains("\n1... "), PdnWriter.write(record));
            WirePlies plies = new WirePlies(Position.start());
            EventJson json = new EventJson(g.variant());
            List<ArbiterEvent> moves = new ArrayList<>();
            for (ArbiterEvent e : events) {
                int wire = GameEvents.toProto(e, g.variant(), plies.pliesBefore(e)).getPly();
                if (e.type() != EventType.MOVE) continue;
                moves.add(e);
                int i0 = moves.size() - 1;
                assertEquals(GameWire.plyNumber(record.start(), i0 + 1), wire, "game " + i + ": " + e);
                assertEquals(e.side() == Color.WHITE, wire % 2 == 1, "game " + i + ": odd plies are white's: " + e);
                assertEquals(record.plies().get(i0), e.move(), "game " + i + ": " + e);
            }
            assertEquals(2, json.toNode(moves.get(0), numbered(events, moves.get(0))).get("ply").asInt(), "replay's JSON");
        }
        assertEquals(2, checked, "two corpus games joined with black to move");
    }

    /** The replay's numbering of {@code target}, every event of the stream fed in order as the replay command does. */
    private static int numbered(List<ArbiterEvent> events, ArbiterEvent target) {
        WirePlies plies = new WirePlies(Position.start());
        for (ArbiterEvent e : events) {
            int n = plies.number(e);
            if (e == target) return n;
        }
        throw new AssertionError("not in the stream: " + target);
    }

    @Test
    void aBoardBeingSetUpIsNoGameInProgress() {
        // a partly set-up start position stays still for long: waiting for the rest, not joining
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL)
                .withJoinMidGame(true), ReplayLog.tee(events::add));
        var fields = new Sensed[Fields.COUNT];
        Arrays.fill(fields, Sensed.EMPTY);
        for (int s = 1; s <= 10; s++) fields[Orientation.NORMAL.field(s)] = Sensed.BLACK_MAN;
        for (int s = 41; s <= 50; s++) fields[Orientation.NORMAL.field(s)] = Sensed.WHITE_MAN;
        r.onBoard(0, fields);
        r.tick(60_000);
        assertEquals(Reconstructor.State.AWAITING_START, r.state());
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.JOINED_MID_GAME), events.toString());
    }

    /**
     * The game emulated in full, then read by a driver whose first read comes once ply
     * {@code joinPly} was played: the second part of the game for the joining reader.
     */
    private static Reconstructor joined(PdnGame g, NoiseProfile noise, long seed, int joinPly, List<ArbiterEvent> events) {
        Timeline full = new Emulator(EmulatorConfig.defaults().withNoise(noise).withSeed(seed)).play(g.start(), g.plies());
        List<ArbiterEvent> all = new ArrayList<>();
        full.replayTo(new Reconstructor(ReconstructConfig.defaults(g.variant()).withStart(g.start()), ReplayLog.tee(all::add)));
        long t = all.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == joinPly).findFirst().orElseThrow().t();
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(g.variant()).withJoinMidGame(true), ReplayLog.tee(events::add));
        Timeline late = full.joinedAt(t);
        late.replayTo(r);
        r.tick(late.endMillis() + 20_000);
        return r;
    }
}
