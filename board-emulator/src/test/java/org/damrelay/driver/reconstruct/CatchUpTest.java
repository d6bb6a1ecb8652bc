package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * A board read again (a restarted driver) or first read (a driver started late) one to three
 * plies after the game's last known position (issue 21): the plies nobody saw are recorded as the
 * moves they were, with their numbers; where more than one path fits, the record continues from
 * the position with JOINED_MID_GAME naming the paths; a move caught half made is waited out.
 */
class CatchUpTest {

    private static final List<String> NO_ALERTS = List.of();

    @Test
    void aRestartedDriverRecordsThePliesMadeWhileItWasDown() {
        List<PdnGame> games = SharedTree.corpusGames();
        List<String> failures = new ArrayList<>();
        int paths = 0, joins = 0;
        for (int i = 0; i < 8; i++) {
            PdnGame g = games.get(i);
            for (int missed = 0; missed <= 3; missed++) {
                int resumedAt = 12 + 2 * i + missed;
                if (resumedAt + missed >= g.plies().size()) continue;
                Timeline full = new Emulator(EmulatorConfig.defaults().withNoise(i % 2 == 0 ? NoiseProfile.defaults() : NoiseProfile.heavy())
                        .withSeed(900 + i)).play(g.start(), g.plies());
                Game resumed = played(g, resumedAt);
                List<ArbiterEvent> events = new ArrayList<>();
                Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(g.variant()).withJoinMidGame(true), resumed, ReplayLog.tee(events::add));
                Long at = readAt(full, g, resumedAt + missed);
                if (at == null) continue;
                Timeline late = full.joinedAt(at);
                late.replayTo(r);
                r.tick(late.endMillis() + 20_000);

                List<String> truth = Notations.of(g);
                List<Reach.Path> fit = missed == 0 ? List.of() : Reach.pathsTo(resumed, played(g, resumedAt + missed).position());
                boolean ambiguous = fit.size() > 1;
                List<String> expected = truth.subList(ambiguous ? resumedAt + missed : resumedAt, truth.size());
                List<String> got = Notations.moves(events, g);
                // no alert for the catching up: none that reading the whole game does not raise at the same ply
                List<String> alertsOfTheWholeGame = allEvents(full, g).stream().map(e -> e.type() + "@" + e.ply()).toList();
                // (a joined record numbers its plies from its own start: there only what no noise explains is checked)
                List<String> wrong = events.stream().filter(e -> ambiguous
                        ? e.type() == EventType.POSITION_UNKNOWN || e.type() == EventType.ILLEGAL_MOVE
                        : e.type() != EventType.MOVE
                                && !alertsOfTheWholeGame.contains(e.type() + "@" + e.ply())).map(ArbiterEvent::toString).toList();
                String truthPath = truthPath(g, resumedAt, missed);
                var truthAfter = played(g, resumedAt + missed).position();
                boolean joined = events.stream().anyMatch(e -> e.type() == EventType.JOINED_MID_GAME
                        && e.text().contains(truthPath) && e.after().equals(truthAfter));
                int firstPly = events.stream().filter(e -> e.type() == EventType.MOVE).findFirst().map(ArbiterEvent::ply).orElse(-1);
                if (!got.equals(expected) || !wrong.equals(NO_ALERTS) || ambiguous != joined
                        || !ambiguous && !expected.isEmpty() && firstPly != resumedAt + 1) {
                    failures.add("game " + i + " resumed after ply " + resumedAt + ", " + missed + " missed (" + fit + "): got "
                            + got.size() + " moves of " + expected.size() + ", first ply " + firstPly + ", alerts " + wrong
                            + ", first events " + events.stream().limit(4).toList());
                }
                if (ambiguous) joins++;
                else if (missed > 0) paths++;
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(paths >= 12, "one path recorded as moves: " + paths);
        assertTrue(joins >= 1, "several paths, a join naming them: " + joins);
    }

    /**
     * More than three plies nobody saw: no path is searched that far, so nothing is made up for
     * them; the record continues from the position seen (JOINED_MID_GAME carrying it) and the next
     * moves follow, with no alert that no noise explains.
     */
    @Test
    void moreThanThreePliesMissedContinueFromThePositionSeen() {
        List<PdnGame> games = SharedTree.corpusGames();
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < 4; i++) {
            PdnGame g = games.get(i);
            int resumedAt = 10 + 2 * i, missed = 4 + i % 2;
            Timeline full = new Emulator(EmulatorConfig.defaults().withSeed(700 + i)).play(g.start(), g.plies());
            List<ArbiterEvent> events = new ArrayList<>();
            Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(g.variant()).withJoinMidGame(true), played(g, resumedAt), ReplayLog.tee(events::add));
            // read in a think time long enough to be joined in (the join waits for the board to be still)
            Long at = readAt(full, g, resumedAt + missed, ReconstructConfig.defaults(g.variant()).irregularMs() + 1000);
            if (at == null) continue;
            Timeline late = full.joinedAt(at);
            late.replayTo(r);
            r.tick(late.endMillis() + 20_000);
            checked++;
            List<String> truth = Notations.of(g);
            var seen = played(g, resumedAt + missed).position();
            boolean joined = events.stream().anyMatch(e -> e.type() == EventType.JOINED_MID_GAME && Reach.samePieces(e.after(), seen));
            List<String> unexplained = events.stream().filter(e -> e.type() == EventType.POSITION_UNKNOWN || e.type() == EventType.ILLEGAL_MOVE)
                    .map(ArbiterEvent::toString).toList();
            if (!joined || !Notations.moves(events, g).equals(truth.subList(resumedAt + missed, truth.size())) || !unexplained.isEmpty()) {
                failures.add("game " + i + " resumed after ply " + resumedAt + ", read " + missed + " plies later: joined " + joined
                        + ", " + unexplained + ", first events " + events.stream().limit(4).toList());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(checked >= 3, "boards read in a think time: " + checked);
    }

    @Test
    void aLateFirstReadRecordsTheFirstMovesFromTheStart() {
        List<PdnGame> games = SharedTree.corpusGames();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            PdnGame g = games.get(i);
            for (int missed = 1; missed <= 3; missed++) {
                Timeline full = new Emulator(EmulatorConfig.defaults().withSeed(300 + i)).play(g.start(), g.plies());
                List<ArbiterEvent> events = new ArrayList<>();
                Reconstructor r = new Reconstructor(ReconstructConfig.defaults(g.variant()).withJoinMidGame(true), ReplayLog.tee(events::add));
                Long at = readAt(full, g, missed);
                if (at == null) continue;
                Timeline late = full.joinedAt(at);
                late.replayTo(r);
                r.tick(late.endMillis() + 20_000);
                boolean ambiguous = Reach.pathsTo(played(g, 0), played(g, missed).position()).size() > 1;
                List<String> truth = Notations.of(g);
                List<String> got = Notations.moves(events, g);
                if (!got.equals(truth.subList(ambiguous ? missed : 0, truth.size()))
                        || ambiguous != events.stream().anyMatch(e -> e.type() == EventType.JOINED_MID_GAME)) {
                    failures.add("game " + i + " first read after ply " + missed + ": got " + got.size() + " of " + truth.size()
                            + "; first events " + events.stream().limit(4).toList());
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void aCaptureCaughtHalfMadeIsWaitedOutAndRecorded() {
        // the first read sees white's man landed on 19 with black's man on 23 still standing, for five seconds
        var scenario = ScenarioParser.parse("""
                move 32-28
                move 19-23
                lift 28
                put 19
                wait 5000
                remove 23
                press white
                wait 3000
                move 14x23
                wait 3000
                move 37-32
                """);
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(scenario, EmulatorConfig.defaults().withNoise(NoiseProfile.none()));
        List<ArbiterEvent> whole = new ArrayList<>();
        timeline.replayTo(new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL), ReplayLog.tee(whole::add)));
        long twoPlies = whole.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == 2).findFirst().orElseThrow().t();

        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL).withJoinMidGame(true), ReplayLog.tee(events::add));
        Timeline late = timeline.joinedAt(twoPlies + 2500); // in the five seconds
        late.replayTo(r);
        r.tick(late.endMillis() + 20_000);
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23", "37-32"),
                events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> e.move().toString()).toList(), events.toString());
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.JOINED_MID_GAME || e.type() == EventType.POSITION_UNKNOWN),
                events.toString());
    }

    /**
     * A ply made while the driver was down, pressed only after the restarted driver read the board:
     * the press is that caught-up ply's, not a press without a move (a restart's first reading
     * cannot tell when the last move's press came).
     */
    @Test
    void aCaughtUpPlyPressedAfterTheReadIsNoPressWithoutAMove() {
        var scenario = ScenarioParser.parse("""
                clock 1:20:00 60
                move 32-28
                move 19-23 nopress
                wait 1500
                press black
                wait 3000
                move 28x19
                wait 3000
                """);
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(scenario, EmulatorConfig.defaults().withNoise(NoiseProfile.none()));
        List<ArbiterEvent> whole = new ArrayList<>();
        timeline.replayTo(new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL), ReplayLog.tee(whole::add)));
        long landed = whole.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == 2).findFirst().orElseThrow().t();

        Game afterFirst = Game.from(Position.start(), Variant.INTERNATIONAL).play(Move.quiet(32, 28));
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(Variant.INTERNATIONAL).withJoinMidGame(true), afterFirst, ReplayLog.tee(events::add));
        Timeline late = timeline.joinedAt(landed + 100); // 19-23 on the board, black's press still to come
        late.replayTo(r);
        r.tick(late.endMillis() + 20_000);
        assertEquals(List.of("19-23", "28x19"), events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> e.move().toString()).toList(),
                events.toString());
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.CLOCK_PRESSED_WITHOUT_MOVE), events.toString());
    }

    private static Game played(PdnGame g, int plies) {
        Game game = Game.from(g.start(), g.variant());
        for (int i = 0; i < plies; i++) game = game.play(g.plies().get(i));
        return game;
    }

    private static List<ArbiterEvent> allEvents(Timeline full, PdnGame g) {
        List<ArbiterEvent> all = new ArrayList<>();
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(g.variant()).withStart(g.start()), ReplayLog.tee(all::add));
        full.replayTo(r);
        r.tick(full.endMillis() + 20_000); // a man's capture is committed once its window passed: also the last one
        return all;
    }

    /**
     * A time in the think time before ply {@code ply + 1}, when the board shows the position after
     * ply {@code ply} (null when a fidget or a fast reply has it otherwise then).
     */
    private static Long readAt(Timeline full, PdnGame g, int ply) {
        return readAt(full, g, ply, 0);
    }

    /** A read in the think time after {@code ply}, the board standing there for {@code stillMs} more (null: none). */
    private static Long readAt(Timeline full, PdnGame g, int ply, long stillMs) {
        List<ArbiterEvent> all = allEvents(full, g);
        long from = commitTime(all, ply), to = commitTime(all, ply + 1);
        long t = from + (to - from) / 2;
        // a capture goes out as the board shows it, so in a short think time the next ply's MOVE can come soon after
        for (long at : new long[] {t, t + stillMs}) {
            SensedBoard board = new SensedBoard();
            board.setAll(full.reportedBoardAt(at));
            if (!board.occupancy(Orientation.NORMAL).matches(played(g, ply).position())) return null;
        }
        return t;
    }

    private static long commitTime(List<ArbiterEvent> all, int ply) {
        if (ply == 0) return 0;
        return all.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == ply).findFirst().orElseThrow().t();
    }

    private static String truthPath(PdnGame g, int from, int missed) {
        List<String> moves = new ArrayList<>();
        for (int i = from; i < from + missed; i++) moves.add(g.plies().get(i).toString());
        return String.join(" ", moves);
    }

}
