package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventJson;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.FischerClock;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * Issue 11 on the emulated board: Frisian art. 17 and the capture-value articles in the live path,
 * irregular moves that stand whatever the reply, the clock practice (a move without a press,
 * Bronstein against Fischer), and the draw counts every move carries. Ply and squares asserted.
 */
class SettingsScenarioTest {
    private static final EmulatorConfig QUIET = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0);

    private static List<ArbiterEvent> play(String scenario, ReconstructConfig rc) {
        return play(scenario, QUIET, rc, null);
    }

    /** @param after readings the clock gives once the scenario is over (at its end + 1 s), or null */
    private static List<ArbiterEvent> play(String scenario, EmulatorConfig ec, ReconstructConfig rc, ClockReading after) {
        var parsed = ScenarioParser.parse(scenario);
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(parsed, ec);
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = new Reconstructor(rc.withStart(parsed.start()), ReplayLog.tee(events::add));
        timeline.replayTo(r);
        if (after != null) r.onClock(timeline.endMillis() + 1000, after);
        r.tick(timeline.endMillis() + 20_000);
        return events;
    }

    private static List<ArbiterEvent> frisian(String scenario) {
        return play("variant frisian\n" + scenario, ReconstructConfig.defaults(Variant.FRISIAN));
    }

    private static ArbiterEvent only(List<ArbiterEvent> events, EventType type) {
        List<ArbiterEvent> found = events.stream().filter(e -> e.type() == type).toList();
        assertEquals(1, found.size(), type + " in " + events);
        return found.get(0);
    }

    private static void expect(ArbiterEvent e, int ply, Integer... squares) {
        assertEquals(ply, e.ply(), "ply of " + e);
        assertEquals(List.of(squares), e.squares(), "squares of " + e);
    }

    private static final String THREE_KING_MOVES = """
            start W:WK50,36:B15,K1
            move 50-44
            move 1-7
            move 44-50
            move 7-1
            move 50-44
            move 1-7
            """;

    @Test
    void frisianFourthKingMoveBackToAnEarlierSquareIsAnIllegalMoveNotThreeTakebacks() {
        var events = frisian(THREE_KING_MOVES + "move 44-50\nmove 15-20\n");
        ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.KING_MOVE_LIMIT, e.subtype());
        expect(e, 7, 44, 50);
        assertEquals("Frisian 17", e.article());
        assertTrue(e.text().contains("fourth") && e.text().contains("art. 17"), e.text());
        assertTrue(events.stream().noneMatch(x -> x.type() == EventType.MOVE_RETRACTED), events.toString());
        ArbiterEvent stands = only(events, EventType.IRREGULAR_MOVE_STANDS);
        expect(stands, 7);
        assertEquals(Color.BLACK, stands.side());
        assertEquals("Frisian 27", stands.article());
        assertEquals(8, events.stream().filter(x -> x.type() == EventType.MOVE || x.type() == EventType.ILLEGAL_MOVE).count());
    }

    @Test
    void frisianFourthKingMoveToANewSquare() {
        var events = frisian(THREE_KING_MOVES + "move 44-39\n");
        ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.KING_MOVE_LIMIT, e.subtype());
        expect(e, 7, 44, 39);
        events.stream().filter(x -> x.type() == EventType.MOVE).forEach(m -> assertEquals("Frisian 6, 7", m.article()));
    }

    @Test
    void frisianCaptureOfLessValueCitesArticle11AndAManForTheKingArticle12() {
        var events = frisian("start W:W32,33,45:B27,K28,5\nmove 32x21\n");
        ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.CAPTURE_NOT_MAXIMAL, e.subtype());
        expect(e, 1, 32, 21, 27);
        assertEquals("Frisian 11", e.article());
        assertTrue(e.text().contains("1 man") && e.text().contains("1 king and 1 man") && e.text().contains("most value"), e.text());

        events = frisian("start W:W32,K49:B27,43,3\nmove 32x21\n");
        e = only(events, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.CAPTURE_NOT_MAXIMAL, e.subtype());
        assertEquals("Frisian 12", e.article());
        assertTrue(e.text().contains("king must capture"), e.text());
    }

    @Test
    void anIrregularMoveAnsweredByAnIrregularMoveStands() {
        var events = play("start W:W28,46,47:B4,5\nmove 28-33\nmove 5-11\n", ReconstructConfig.defaults(Variant.INTERNATIONAL));
        assertEquals(2, events.stream().filter(e -> e.type() == EventType.ILLEGAL_MOVE).count(), events.toString());
        ArbiterEvent stands = only(events, EventType.IRREGULAR_MOVE_STANDS);
        expect(stands, 1);
        assertEquals(Color.BLACK, stands.side());
    }

    @Test
    void aMoveWithoutAPressBeforeTheOpponentMovedIsClockNotPressed() {
        var events = play("move 32-28 nopress\nwait 1500\nmove 19-23\nmove 28x19\n", ReconstructConfig.defaults(Variant.INTERNATIONAL));
        ArbiterEvent e = only(events, EventType.CLOCK_NOT_PRESSED);
        expect(e, 1);
        assertEquals(Color.WHITE, e.side());
        assertEquals(3, events.stream().filter(x -> x.type() == EventType.MOVE).count());
    }

    @Test
    void bronsteinOnTheClockAgainstAFischerSettingIsAMismatchAndNotAgainstABronsteinOne() {
        String game = "clock 1:30:00 30 bronstein\nmove 32-28\nmove 19-23\nmove 28x19\nmove 14x23\n";
        TimeControl fischer = TimeControl.parse("5400+30");
        var events = play(game, ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(fischer));
        ArbiterEvent e = only(events, EventType.CLOCK_MISMATCH);
        assertTrue(e.text().contains("Fischer"), e.text());
        TimeControl bronstein = TimeControl.parse("5400+30", TimeControl.IncrementKind.BRONSTEIN);
        events = play(game, ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(bronstein));
        assertTrue(events.stream().noneMatch(x -> x.type() == EventType.CLOCK_MISMATCH), events.toString());
        events = play(game.replace(" bronstein", ""), ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(fischer));
        assertTrue(events.stream().noneMatch(x -> x.type() == EventType.CLOCK_MISMATCH), events.toString());
    }

    @Test
    void everyMoveCarriesTheRunningCountsAndAnEndedCountIsCleared() {
        var events = play("""
                start W:WK46,40:BK3,15
                move 46-37
                move 3-9
                move 37-46
                move 9-3
                move 40-35
                """, ReconstructConfig.defaults(Variant.INTERNATIONAL));
        List<ArbiterEvent> moves = events.stream().filter(e -> e.type() == EventType.MOVE).toList();
        assertEquals(5, moves.size(), events.toString());
        // one king move starts nothing: SWR 9.2d counts moves by both, so the count begins with black's reply
        assertEquals(List.of(), moves.get(0).draws());
        assertEquals(List.of(DrawRule.TWENTY_FIVE_MOVES), moves.get(1).draws().stream().map(c -> c.rule()).toList());
        ArbiterEvent started = only(events, EventType.DRAW_RULE_STARTED);
        expect(started, 2);
        assertEquals("9.2d", started.article());
        assertEquals(2, moves.get(3).draws().get(0).moves());
        assertEquals(25, moves.get(3).draws().get(0).limit());
        assertEquals(List.of(), moves.get(4).draws(), "a man move ends the 25-move count: cleared");
        String json = new EventJson(Variant.INTERNATIONAL).toLine(moves.get(3));
        assertTrue(json.contains("\"draw\":{\"rule\":\"TWENTY_FIVE_MOVES\",\"count\":2,\"limit\":25}"), json);
    }

    @Test
    void aCaptureThatStopsShortOrLeavesPiecesStandingFromAFenNeverStalls() {
        var rc = ReconstructConfig.defaults(Variant.INTERNATIONAL);
        var shortStop = play("start W:W37,46:B12,22,25,32\nmove 37x28\n", rc);
        ArbiterEvent e = only(shortStop, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.CAPTURE_NOT_MAXIMAL, e.subtype());
        expect(e, 1, 37, 28, 32);
        var tooFew = play("start W:W37,46:B12,22,25,32\nmove 37x8 remove 32\n", rc);
        e = only(tooFew, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.WRONG_PIECES_REMOVED, e.subtype());
        expect(e, 1, 37, 8, 32);
        for (var events : List.of(shortStop, tooFew)) {
            assertTrue(events.stream().noneMatch(x -> x.type() == EventType.POSITION_UNKNOWN), events.toString());
        }
    }

    @Test
    void knockedPiecesPutBackBeforeACaptureAreAccidentalDisplacement() {
        var events = play("start W:W37,46:B12,22,25,32,5\nknock 5 800\nknock 25 800\nmove 37x8\n", ReconstructConfig.defaults(Variant.INTERNATIONAL));
        List<ArbiterEvent> d = events.stream().filter(x -> x.type() == EventType.ACCIDENTAL_DISPLACEMENT).toList();
        assertTrue(!d.isEmpty(), events.toString());
        assertEquals(List.of(5, 25), d.stream().flatMap(x -> x.squares().stream()).sorted().toList());
        assertEquals(0, d.get(0).ply());
    }

    @Test
    void anOpponentsPieceMovedAfterAPressIsOpponentPieceMovedNotMovedTwice() {
        var events = play("move 32-28\nmove 33-29 nopress by black\nwait 5000\n", ReconstructConfig.defaults(Variant.INTERNATIONAL));
        ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
        assertEquals(IllegalKind.OPPONENT_PIECE_MOVED, e.subtype(), events.toString());
        expect(e, 2, 33, 29);
        assertEquals(Color.BLACK, e.side());
    }

    /** White presses with 33 still in his hand, then puts it on 29: no press follows the move itself. */
    private static final String PRESSED_IN_HAND = "move 32-28\nmove 16-21\nlift 33\npress white\nwait 2000\nput 29\nwait 3000\n";

    @Test
    void anOpponentsPieceMovedIsAttributedByTheLeverAlsoWithNoPressSinceTheLastMove() {
        for (Variant v : List.of(Variant.INTERNATIONAL, Variant.FRISIAN)) {
            // black's clock has run since white's press: black moved white's man, although no press confirmed 33-29
            var events = play("variant " + v.name().toLowerCase() + "\n" + PRESSED_IN_HAND + "move 29-24 nopress by black\nwait 5000\n",
                    ReconstructConfig.defaults(v));
            ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
            assertEquals(IllegalKind.OPPONENT_PIECE_MOVED, e.subtype(), v + ": " + events);
            expect(e, 4, 29, 24);
            assertEquals(Color.BLACK, e.side());
            // white moved and did not press: his clock still runs, so another white move is white's second
            events = play("variant " + v.name().toLowerCase() + "\nmove 32-28\nmove 16-21\nmove 33-29 nopress\nwait 3000\n"
                    + "move 29-24 nopress by black\nwait 5000\n", ReconstructConfig.defaults(v));
            e = only(events, EventType.ILLEGAL_MOVE);
            assertEquals(IllegalKind.MOVED_TWICE, e.subtype(), v + ": " + events);
            expect(e, 4, 29, 24);
            assertEquals(Color.WHITE, e.side());
        }
    }

    @Test
    void theLeverAttributesTheFirstMoveWithConfiguredClockSides() {
        // white's first move pressed with the man in hand: no press taught the sides, the configuration gives them
        String scenario = "lift 32\npress white\nwait 2000\nput 28\nwait 3000\nmove 33-29 nopress by black\nwait 5000\n";
        for (Variant v : List.of(Variant.INTERNATIONAL, Variant.FRISIAN)) {
            var events = play("variant " + v.name().toLowerCase() + "\n" + scenario,
                    ReconstructConfig.defaults(v).withWhiteOnRight(QUIET.whiteOnRight()));
            ArbiterEvent e = only(events, EventType.ILLEGAL_MOVE);
            assertEquals(IllegalKind.OPPONENT_PIECE_MOVED, e.subtype(), v + ": " + events);
            expect(e, 2, 33, 29);
            assertEquals(Color.BLACK, e.side());
        }
    }

    private static final String FAR_APART = "start W:W46,47,48,49,50:B1,2,3,4,5\n";

    @Test
    void aFlagBeforeTheMoveQuotaLosesAndSaysHowManyOfTheQuotaWereMade() {
        // 5 moves in a minute, then a minute for the rest: white thinks his second move away
        var ec = QUIET.withClock(Duration.ofSeconds(60), Duration.ZERO, true);
        var rc = ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(TimeControl.parse("5/60:60"));
        var events = play(FAR_APART + "move 46-41\nmove 5-10\nwait 70000\n", ec, rc, null);
        ArbiterEvent flag = only(events, EventType.FLAG_FALL);
        assertEquals(Color.WHITE, flag.side());
        assertTrue(flag.text().contains("1 of the period's 5") && flag.text().contains("lost on time"), flag.text());
        assertEquals(2, flag.ply());
    }

    @Test
    void aPressCompletingTheQuotaWithTheNextPeriodsTimeAddedIsNoClockMismatch() {
        // 2 moves in 10 min, then 10 min more, +5 s a move throughout: the second press of each adds 10:05
        var ec = QUIET.withClock(Duration.ofMinutes(10), Duration.ofSeconds(5), true)
                .withQuota(new FischerClock.Quota(2, Duration.ofMinutes(10)));
        var rc = ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(TimeControl.parse("2/600+5:600+5"));
        String moves = FAR_APART + "move 46-41\nmove 5-10\nmove 47-42\nmove 4-9\nmove 48-43\nmove 3-8\n";
        var events = play(moves, ec, rc, null);
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.CLOCK_MISMATCH), events.toString());
        assertEquals(6, events.stream().filter(e -> e.type() == EventType.MOVE).count(), events.toString());
        // the same clock without its increment is still noticed
        events = play(moves, QUIET.withClock(Duration.ofMinutes(10), Duration.ZERO, true)
                .withQuota(new FischerClock.Quota(2, Duration.ofMinutes(10))), rc, null);
        assertEquals(1, events.stream().filter(e -> e.type() == EventType.CLOCK_MISMATCH).count(), events.toString());
    }

    @Test
    void aFlagShownOnceTheQuotaWasMadeWithTheNextPeriodsTimeAddedIsNoLoss() {
        var ec = QUIET.withClock(Duration.ofMinutes(10), Duration.ZERO, true);
        var rc = ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(TimeControl.parse("2/600:600"));
        // white (right) to move, his clock running (the lever high on the right); a clock without a move counter shows his flag and adds the next 10 min
        ClockReading flagWithTimeAdded = new ClockReading(Duration.ofMinutes(9), Duration.ofMinutes(10), false, true, true, true, true);
        var events = play(FAR_APART + "move 46-41\nmove 5-10\nmove 47-42\nmove 4-9\n", ec, rc, flagWithTimeAdded);
        ArbiterEvent flag = only(events, EventType.FLAG_FALL);
        assertEquals(Color.WHITE, flag.side());
        assertTrue(flag.text().contains("continues") && !flag.text().contains("lost"), flag.text());
        // one move short of the quota, the same flag loses (SWR 12.1)
        events = play(FAR_APART + "move 46-41\nmove 5-10\n", ec, rc, flagWithTimeAdded);
        flag = only(events, EventType.FLAG_FALL);
        assertTrue(flag.text().contains("1 of the period's 2") && flag.text().contains("lost on time"), flag.text());
    }
}
