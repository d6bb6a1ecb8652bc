package org.damrelay.driver.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.capture.CaptureReplay;
import org.damrelay.driver.dgt.session.SingleBoardSession;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.driver.reconstruct.Reconstructor;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 21, the clock the right way round, through the real pieces: the emulated board and its
 * rocker clock, the serial bytes a driver records, the decoder and the reconstruction. The same
 * game with the clock on white's left and on his right, with readings before move 1 and without,
 * Fischer and Bronstein, a restarted driver given the game's recorded times, a joined one: every
 * move line carries white's time as white's, and no false CLOCK_MISMATCH or CLOCK_NOT_PRESSED;
 * the real ones are still raised.
 */
class ClockSidesEndToEndTest {
    private static final List<Move> GAME = PdnReader.parse("""
            [GameType "20"]
            1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 5. 34-29 23x34 6. 40x29 20-24
            7. 29x20 15x24 8. 46-41 *
            """).get(0).plies();
    private static final Duration BASE = Duration.ofMinutes(90), INC = Duration.ofSeconds(30);

    private static EmulatorConfig board(boolean whiteRight, boolean bronstein, long seed) {
        return EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withSeed(seed).withClockTickMs(0)
                .withClock(BASE, INC, whiteRight).withBronstein(bronstein);
    }

    private static ReconstructConfig driver(boolean bronstein) {
        return ReconstructConfig.defaults(Variant.INTERNATIONAL)
                .withTimeControl(TimeControl.parse("5400+30", bronstein ? TimeControl.IncrementKind.BRONSTEIN : TimeControl.IncrementKind.FISCHER));
    }

    /** The timeline as the bytes a driver records, decoded and reconstructed by {@code r}. */
    private static void replay(Timeline timeline, Reconstructor r, ReconstructConfig config) throws Exception {
        var capture = CaptureReader.read(new StringReader(TimelineCapture.of(timeline)));
        CaptureReplay.play(capture.entries(), new SingleBoardSession(r, SingleBoardSession.Config.defaults()));
        r.tick(timeline.endMillis() + config.heldMs() + config.irregularMs());
    }

    /** A clock that says nothing before the first press: no reading before the first field change. */
    private static Timeline silentBeforeMoveOne(Timeline t) {
        long firstChange = t.only(BoardEvent.FieldChanged.class).get(0).t();
        return new Timeline(t.events().stream().filter(e -> !(e instanceof BoardEvent.ClockRead) || e.t() > firstChange).toList());
    }

    /** What the emulated clock showed last at or before {@code t}, by colour. */
    private static ClockTimes truth(Timeline timeline, long t, boolean whiteRight) {
        ClockReading last = null;
        for (BoardEvent.ClockRead c : timeline.only(BoardEvent.ClockRead.class)) if (c.t() <= t) last = c.clock();
        assertNotNull(last, "a reading before " + t);
        return whiteRight ? new ClockTimes(last.right(), last.left()) : new ClockTimes(last.left(), last.right());
    }

    private static List<ArbiterEvent> of(List<ArbiterEvent> events, EventType type) {
        return events.stream().filter(e -> e.type() == type).toList();
    }

    /** Every move from ply {@code timedFrom} on carries both times, each the one the clock showed for that colour. */
    private static void timesPerColour(Timeline timeline, List<ArbiterEvent> events, boolean whiteRight, int timedFrom) {
        for (ArbiterEvent e : of(events, EventType.MOVE)) {
            if (e.ply() < timedFrom && e.clock() == null) continue;
            assertNotNull(e.clock(), "ply " + e.ply() + " carries the clock");
            ClockTimes want = truth(timeline, e.t(), whiteRight);
            assertEquals(want.white(), e.clock().white(), "white's time at ply " + e.ply());
            assertEquals(want.black(), e.clock().black(), "black's time at ply " + e.ply());
        }
    }

    private static void noFalseClockAlerts(List<ArbiterEvent> events) {
        assertEquals(List.of(), of(events, EventType.CLOCK_MISMATCH), "no CLOCK_MISMATCH");
        assertEquals(List.of(), of(events, EventType.CLOCK_NOT_PRESSED), "no CLOCK_NOT_PRESSED");
    }

    @ParameterizedTest(name = "white on the right {0}, readings before move 1 {1}, Bronstein {2}")
    @CsvSource({"true,true,false", "false,true,false", "true,false,false", "false,false,false",
                "true,true,true", "false,true,true", "true,false,true", "false,false,true"})
    void theSameGameWithTheClockOnEitherSide(boolean whiteRight, boolean readingsBefore, boolean bronstein) throws Exception {
        Timeline played = new Emulator(board(whiteRight, bronstein, 5)).play(Position.start(), GAME);
        Timeline timeline = readingsBefore ? played : silentBeforeMoveOne(played);
        ReconstructConfig config = driver(bronstein);
        List<ArbiterEvent> events = new ArrayList<>();
        replay(timeline, new Reconstructor(config, ReplayLog.tee(events::add)), config);
        assertEquals(GAME, of(events, EventType.MOVE).stream().map(ArbiterEvent::move).toList());
        noFalseClockAlerts(events);
        // a clock silent before the first press places the colours at the second press (which may come after ply 2's line)
        timesPerColour(timeline, events, whiteRight, readingsBefore ? 1 : 3);
    }

    @ParameterizedTest(name = "white on the right {0}")
    @ValueSource(booleans = {true, false})
    void bronsteinOnTheClockAgainstAFischerSettingIsStillAMismatch(boolean whiteRight) throws Exception {
        Timeline timeline = new Emulator(board(whiteRight, true, 6)).play(Position.start(), GAME);
        ReconstructConfig config = driver(false);
        List<ArbiterEvent> events = new ArrayList<>();
        replay(timeline, new Reconstructor(config, ReplayLog.tee(events::add)), config);
        ArbiterEvent m = of(events, EventType.CLOCK_MISMATCH).get(0);
        assertTrue(m.text().contains("Fischer"), m.text());
    }

    @ParameterizedTest(name = "white on the right {0}")
    @ValueSource(booleans = {true, false})
    void aMoveWithoutAPressIsStillClockNotPressed(boolean whiteRight) throws Exception {
        var scenario = ScenarioParser.parse("move 32-28 nopress\nwait 1500\nmove 19-23\nmove 28x19\n");
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(scenario, board(whiteRight, false, 7));
        ReconstructConfig config = ReconstructConfig.defaults(Variant.INTERNATIONAL);
        List<ArbiterEvent> events = new ArrayList<>();
        replay(timeline, new Reconstructor(config, ReplayLog.tee(events::add)), config);
        List<ArbiterEvent> notPressed = of(events, EventType.CLOCK_NOT_PRESSED);
        assertEquals(1, notPressed.size(), events.toString());
        assertEquals(Color.WHITE, notPressed.get(0).side());
        assertEquals(1, notPressed.get(0).ply());
    }

    /** After {@code plies} plies of the game, the board and its clock as a restarted driver finds them. */
    private static Timeline restartedAt(int plies, Duration shown, boolean whiteRight, long seed) {
        Position at = Position.start();
        for (Move m : GAME.subList(0, plies)) at = at.apply(m);
        return new Emulator(board(whiteRight, false, seed).withClock(shown, INC, whiteRight)).play(at, GAME.subList(plies, GAME.size()));
    }

    @ParameterizedTest(name = "white on the right {0}")
    @ValueSource(booleans = {true, false})
    void aRestartedDriverComparesTheFirstReadingWithTheRecordedTimesNotTheBaseTime(boolean whiteRight) throws Exception {
        int plies = 6;
        ReconstructConfig config = driver(false);
        Position after = Position.start();
        for (Move m : GAME.subList(0, plies)) after = after.apply(m);
        Game at = Game.from(after, config.settings()); // as the driver resumes it: the position and the game's settings
        // quick moves with 30 s back each: both clocks stand above the 90 min base time, a little below what was recorded
        Duration shown = BASE.plusMinutes(2);
        ClockTimes recorded = new ClockTimes(shown.plusSeconds(20), shown.plusSeconds(40));
        Timeline timeline = restartedAt(plies, shown, whiteRight, 8);

        List<ArbiterEvent> events = new ArrayList<>();
        replay(timeline, Reconstructor.resume(config, at, recorded, ReplayLog.tee(events::add)), config);
        assertEquals(GAME.subList(plies, GAME.size()), of(events, EventType.MOVE).stream().map(ArbiterEvent::move).toList());
        noFalseClockAlerts(events);
        timesPerColour(timeline, events, whiteRight, 1);

        // the same board where the record says white had ten minutes less: that is a real mismatch
        events.clear();
        ClockTimes less = new ClockTimes(shown.minusMinutes(10), shown.minusMinutes(10));
        replay(timeline, Reconstructor.resume(config, at, less, ReplayLog.tee(events::add)), config);
        ArbiterEvent m = of(events, EventType.CLOCK_MISMATCH).get(0);
        assertTrue(m.text().contains("last recorded"), m.text());
    }

    @ParameterizedTest(name = "white on the right {0}")
    @ValueSource(booleans = {true, false})
    void aJoinedGamesClockIsNotComparedWithTheBaseTime(boolean whiteRight) throws Exception {
        Timeline played = new Emulator(board(whiteRight, false, 9).withClock(BASE.plusMinutes(2), INC, whiteRight))
                .play(Position.start(), GAME);
        long joinAt = played.only(BoardEvent.ClockRead.class).get(6).t() + 1;
        ReconstructConfig config = driver(false).withJoinMidGame(true);
        List<ArbiterEvent> events = new ArrayList<>();
        replay(played.joinedAt(joinAt), new Reconstructor(config, ReplayLog.tee(events::add)), config);
        assertEquals(1, of(events, EventType.JOINED_MID_GAME).size(), events.toString());
        assertTrue(of(events, EventType.MOVE).size() >= 5, events.toString());
        noFalseClockAlerts(events);
    }
}
