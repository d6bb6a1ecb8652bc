package org.damrelay.bench.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.FischerClock;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;

/** The board-to-screen benchmark's own arithmetic and parsing (no timing is asserted: the bench measures). */
class ScreenMeasureTest {

    static final Move M1 = Move.quiet(32, 28), M2 = Move.quiet(19, 23),
            M3 = new Move(28, 19, Squares.bit(23), List.of(28, 19)), M4 = new Move(14, 23, Squares.bit(19), List.of(14, 23));
    static final String GAME = "bench-r1-b1";

    @Test
    void spreadGivesNearestValuesAtEachPercentileAndDashesWhenEmpty() {
        Spread s = Spread.of(LongStream.rangeClosed(1, 100).boxed().toList());
        assertEquals(new Spread(100, 1, 50, 90, 99, 100), s);
        assertEquals("| 100 | 1 | 50 | 90 | 99 | 100 |", s.cells());
        assertEquals("| 0 | - | - | - | - | - |", Spread.of(List.of()).cells());
        assertEquals(new Spread(1, 3_000, 3_000, 3_000, 3_000, 3_000), Spread.of(List.of(3_000L)));
        assertThrows(IllegalArgumentException.class, () -> Spread.of(List.of(5L, -1L)));
    }

    @Test
    void screenFollowsTheRelaysFoldAndCountsACapturesCorrection() throws IOException {
        ScreenRecord screen = new ScreenRecord(Map.of(GAME, List.of(M1, M2, M3, M4)));
        screen.accept(1, "{\"subscribed\":{\"eventId\":\"bench\",\"round\":1,\"gameIds\":[\"" + GAME + "\"]}}");
        screen.accept(2, "{\"snapshot\":{\"info\":{\"gameId\":\"" + GAME + "\"},\"version\":1}}");
        screen.accept(100, update(2, "MOVE", 1, "{\"from\":32,\"to\":28,\"path\":[32,28]}"));
        screen.accept(150, "{\"update\":{\"gameId\":\"bench-r1-b2\",\"version\":2,\"event\":{\"type\":\"MOVE\",\"ply\":1,"
                + "\"move\":{\"from\":32,\"to\":28}}}}"); // another game's: not this one's
        screen.accept(200, update(3, "MOVE", 2, "{\"from\":19,\"to\":23}")); // no path: from and to
        screen.accept(250, update(4, "TOUCH_MOVE", 2, null)); // an alert: no change of the record
        // a capture shown as another than the one played (28x17 is no move here: it is not 28x19), then replaced
        screen.accept(300, update(5, "MOVE", 3, "{\"from\":28,\"to\":17,\"captured\":[22],\"path\":[28,17]}"));
        assertEquals(0, screen.firstShown(GAME, 3));
        screen.accept(400, update(6, "MOVE_REPLACED", 3, "{\"from\":28,\"to\":19,\"captured\":[23],\"path\":[28,19]}"));
        assertEquals(100, screen.firstShown(GAME, 1));
        assertEquals(200, screen.firstShown(GAME, 2));
        assertEquals(400, screen.firstShown(GAME, 3));
        assertEquals(3, screen.rightPlies(GAME));
        screen.accept(500, update(7, "MOVE_RETRACTED", 3, null));
        assertEquals(2, screen.rightPlies(GAME));
        screen.accept(600, update(8, "MOVE", 3, "{\"from\":28,\"to\":19,\"captured\":[23]}"));
        assertEquals(400, screen.firstShown(GAME, 3), "the first right showing counts");
        assertEquals(new ScreenRecord.Counts(5, 3, 1, 2, 2, 0, 0), screen.counts(GAME));
        assertEquals(0, screen.firstShown(GAME, 4));
        assertEquals(0, screen.firstShown("bench-r1-b9", 1));
        assertThrows(IOException.class, () -> screen.accept(700, "not json"));
    }

    @Test
    void anIllegalMoveTakesAPlyOnScreenUntilTakenBack() throws IOException {
        ScreenRecord screen = new ScreenRecord(Map.of(GAME, List.of(M1, M2)));
        screen.accept(10, update(2, "ILLEGAL_MOVE", 1, null));
        assertEquals(0, screen.rightPlies(GAME));
        screen.accept(20, update(3, "MOVE_RETRACTED", 1, null));
        screen.accept(30, update(4, "MOVE", 1, "{\"from\":32,\"to\":28}"));
        assertEquals(30, screen.firstShown(GAME, 1));
        assertEquals(new ScreenRecord.Counts(2, 0, 1, 1, 0, 1, 0), screen.counts(GAME));
    }

    private static String update(int version, String type, int ply, String move) {
        return "{\"update\":{\"gameId\":\"" + GAME + "\",\"version\":" + version + ",\"relayTimeMs\":\"1764000000000\","
                + "\"event\":{\"type\":\"" + type + "\",\"ply\":" + ply + (move == null ? "" : ",\"move\":" + move) + "}}}";
    }

    @Test
    void tallyMeasuresQuietAndCapturesApartFromPressAndLastChange() {
        Tally t = new Tally();
        long ms = 1_000_000;
        t.add(new PlyMoments(1, M1, 0, 300), 1_000 * ms, 1_300 * ms, 1_500 * ms);          // pressed: 200 from the press
        t.add(new PlyMoments(2, M2, 0, Double.NaN), 5_000 * ms, 0, 5_600 * ms);            // no press: 600
        t.add(new PlyMoments(3, M3, 0, 400), 9_000 * ms, 9_400 * ms, 12_000 * ms);         // capture: 2,600 from the press
        t.add(new PlyMoments(4, M4, 0, 2_000), 20_000 * ms, 22_000 * ms, 20_500 * ms);     // shown before its late press
        t.add(new PlyMoments(5, M1, 0, 300), 30_000 * ms, 30_300 * ms, 0);                 // never shown
        List<Tally.Row> rows = t.rows();
        assertEquals(6, rows.size());
        assertEquals(new Tally.Row("quiet", "the press", new Spread(1, 200, 200, 200, 200, 200)), rows.get(0));
        assertEquals(Spread.of(List.of(500L, 600L)), rows.get(1).spread());
        assertEquals(Spread.of(List.of(600L)), rows.get(2).spread());
        assertEquals(Spread.of(List.of(2_600L, 0L)), rows.get(3).spread());
        assertEquals(Spread.of(List.of(3_000L, 500L)), rows.get(4).spread());
        assertEquals(0, rows.get(5).spread().n());
        assertEquals(5, t.plies());
        assertEquals(2, t.captures());
        assertEquals(1, t.missing());
        assertEquals(1, t.shownBeforePress());
    }

    @Test
    void aPressIsHeardLateAndNoReadingGivesItAwayEarlier() {
        FischerClock clock = new FischerClock(Duration.ofMinutes(80), Duration.ofMinutes(1), true);
        List<BoardEvent> events = new ArrayList<>();
        events.add(new BoardEvent.ClockRead(0, clock.start(0, Color.WHITE)));
        events.add(new BoardEvent.ClockRead(1_000, clock.readingAt(1_000)));
        events.add(new BoardEvent.FieldChanged(1_200, 55, org.damrelay.driver.board.Sensed.EMPTY));
        events.add(new BoardEvent.ClockRead(1_530, clock.press(1_500, Color.WHITE))); // the emulator's own 30 ms
        for (long t = 2_000; t <= 4_000; t += 1_000) events.add(new BoardEvent.ClockRead(t, clock.readingAt(t)));
        Timeline before = new Timeline(events, List.of(new Timeline.Rest(1_800, 5_000, 1)));
        ClockLag lag = new ClockLag(100, 1_000);
        for (long seed = 0; seed < 50; seed++) {
            Timeline after = lag.apply(before, List.of(1_500.0), new SplittableRandom(seed));
            List<BoardEvent.ClockRead> reads = after.only(BoardEvent.ClockRead.class);
            BoardEvent.ClockRead pressed = reads.stream().filter(r -> !r.clock().rightLeverHigh()).findFirst().orElseThrow();
            assertTrue(pressed.t() >= 1_600 && pressed.t() <= 2_500, "heard " + pressed.t());
            assertTrue(reads.stream().allMatch(r -> r.clock().rightLeverHigh() ? r.t() <= 1_000 : r.t() >= pressed.t()));
            assertEquals(1, after.only(BoardEvent.FieldChanged.class).size());
            assertTrue(after.rests().get(0).from() > pressed.t(), "the rest begins once the press is heard");
        }
    }
}
