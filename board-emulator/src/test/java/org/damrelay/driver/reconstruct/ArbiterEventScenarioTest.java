package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/**
 * Every event of arbiter-events.md staged on the emulated board with the emulator's scenario
 * format (or, for the clock's flag, with the hand helper), asserting the event, its ply and its
 * squares. EARLY_DRAW_AGREED comes from a result being entered ({@code Reconstructor.agreeDraw}),
 * not from the board. GAME_STARTED is this driver's addition to the list.
 */
class ArbiterEventScenarioTest {
    private static final EmulatorConfig QUIET = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0);
    private static final Set<EventType> seen = EnumSet.noneOf(EventType.class);
    private static final Set<IllegalKind> seenKinds = EnumSet.noneOf(IllegalKind.class);

    private static List<ArbiterEvent> play(String scenario) {
        return play(scenario, QUIET, ReconstructConfig.defaults(Variant.INTERNATIONAL));
    }

    private static List<ArbiterEvent> play(String scenario, EmulatorConfig ec, ReconstructConfig rc) {
        var parsed = ScenarioParser.parse(scenario);
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(parsed, ec);
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = new Reconstructor(rc.withStart(parsed.start()), ReplayLog.tee(e -> {
            events.add(e);
            seen.add(e.type());
            if (e.subtype() != null) seenKinds.add(e.subtype());
        }));
        timeline.replayTo(r);
        r.tick(timeline.endMillis() + 20_000);
        return events;
    }

    private static ArbiterEvent find(List<ArbiterEvent> events, EventType type) {
        return events.stream().filter(e -> e.type() == type).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " in " + events.stream().map(Recorded::summary).toList()));
    }

    private static ArbiterEvent find(List<ArbiterEvent> events, IllegalKind kind) {
        return events.stream().filter(e -> e.subtype() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no ILLEGAL_MOVE." + kind + " in " + events.stream().map(Recorded::summary).toList()));
    }

    private static void expect(ArbiterEvent e, int ply, Integer... squares) {
        assertEquals(ply, e.ply(), "ply of " + e);
        assertEquals(List.of(squares), e.squares(), "squares of " + e);
    }

    @Test
    void move() {
        var events = play("move 32-28\nmove 19-23");
        expect(find(events, EventType.MOVE), 1, 32, 28);
        assertEquals(Color.WHITE, find(events, EventType.MOVE).side());
        assertEquals(2, events.stream().filter(e -> e.type() == EventType.MOVE).count());
    }

    @Test
    void moveReplacedWhenTheKingMovesOnBeforeThePress() {
        var events = play("""
                start W:WK46,47,48,49,50:B1,2,3,4,5
                move 46-37 nopress
                wait 1500
                lift 37
                put 28
                press white
                """);
        expect(find(events, EventType.MOVE), 1, 46, 37);
        expect(find(events, EventType.MOVE_REPLACED), 1, 46, 28);
    }

    @Test
    void moveRetracted() {
        var events = play("move 32-28\ntakeback");
        expect(find(events, EventType.MOVE_RETRACTED), 1, 32, 28);
    }

    @Test
    void captureMissed() {
        var events = play("start W:W32,46,47:B3,25,28\nmove 46-41");
        expect(find(events, IllegalKind.CAPTURE_MISSED), 1, 46, 41);
    }

    @Test
    void captureNotMaximal() {
        var events = play("start W:W34,37,46:B12,22,25,29,32\nmove 34x23");
        expect(find(events, IllegalKind.CAPTURE_NOT_MAXIMAL), 1, 34, 23, 29);
    }

    @Test
    void wrongPiecesRemoved() {
        var events = play("start W:W32,46,47:B3,25,28\nmove 32x23 remove 25");
        expect(find(events, IllegalKind.WRONG_PIECES_REMOVED), 1, 32, 23, 25);
    }

    @Test
    void removedWithoutCapture() {
        var events = play("remove 19\npress white\nwait 12000");
        expect(find(events, IllegalKind.REMOVED_WITHOUT_CAPTURE), 1, 19);
    }

    @Test
    void opponentPieceMoved() {
        var events = play("move 19-24 by white");
        ArbiterEvent e = find(events, IllegalKind.OPPONENT_PIECE_MOVED);
        expect(e, 1, 19, 24);
        assertEquals(Color.WHITE, e.side());
    }

    @Test
    void movedTwice() {
        var events = play("move 32-28 nopress\nwait 1500\nmove 33-29 nopress by white\nwait 5000");
        ArbiterEvent e = find(events, IllegalKind.MOVED_TWICE);
        expect(e, 2, 33, 29);
        assertEquals(Color.WHITE, e.side());
    }

    @Test
    void uncrownedKingThenCrownedThenPlayedUncrowned() {
        var crowned = play("""
                start W:W7,46,47,48,49:B11,15,16
                move 7-2 nocrown
                move 15-20
                crown 2
                """);
        expect(find(crowned, EventType.UNCROWNED_KING), 2, 2);
        expect(find(crowned, EventType.KING_CROWNED), 2, 2);

        var played = play("""
                start W:W7,46,47,48,49:B11,15,16
                move 7-2 nocrown
                move 15-20
                move 2-13
                move 11-17
                """);
        expect(find(played, IllegalKind.UNCROWNED_KING_MOVED), 3, 2, 13);
        expect(find(played, EventType.IRREGULAR_MOVE_STANDS), 3);
    }

    @Test
    void otherIllegalMoveThenItStands() {
        var events = play("start W:W28,46,47:B4,5\nmove 28-33\nmove 5-10");
        expect(find(events, IllegalKind.OTHER), 1, 28, 33);
        ArbiterEvent stands = find(events, EventType.IRREGULAR_MOVE_STANDS);
        assertEquals(1, stands.ply());
        assertEquals(Color.BLACK, stands.side());
    }

    @Test
    void accidentalDisplacement() {
        var events = play("knock 19 800\nwait 1000\nmove 32-28");
        expect(find(events, EventType.ACCIDENTAL_DISPLACEMENT), 0, 19);
    }

    @Test
    void touchMove() {
        var events = play("lift 32\nwait 600\nput 32\nmove 33-28");
        expect(find(events, EventType.TOUCH_MOVE), 1, 32, 33);
    }

    @Test
    void captureExecution() {
        var events = play("start W:W37,46:B12,22,25,32\nmove 37x8 criss-cross");
        expect(find(events, EventType.CAPTURE_EXECUTION), 1, 32, 22, 12);
    }

    @Test
    void boardOrientation() {
        var events = play("move 32-28", QUIET.withTurned(true), ReconstructConfig.defaults(Variant.INTERNATIONAL));
        expect(find(events, EventType.BOARD_ORIENTATION), 0);
        expect(find(events, EventType.MOVE), 1, 32, 28);
    }

    @Test
    void boardTurnedRoundDuringTheGame() {
        var events = play("move 32-28\nmove 19-23\nturn\nwait 5000\nmove 28x19");
        expect(events.stream().filter(e -> e.type() == EventType.BOARD_ORIENTATION).findFirst().orElseThrow(), 2);
        assertEquals(List.of("32-28", "19-23", "28x19"),
                events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> e.move().toString()).toList());
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.ILLEGAL_MOVE), events.toString());
    }

    @Test
    void positionUnknownThenRecovered() {
        var events = play("put 22 w\nput 23 w\nwait 5000\nremove 22,23\nwait 1000\nmove 32-28");
        expect(find(events, EventType.POSITION_UNKNOWN), 0, 22, 23);
        expect(find(events, EventType.POSITION_RECOVERED), 0);
        expect(find(events, EventType.MOVE), 1, 32, 28);
    }

    @Test
    void drawRuleStartedAndDrawByRule() {
        var started = play("start W:WK46:BK37,K5,K4,K3\nmove 46x28");
        ArbiterEvent e = find(started, EventType.DRAW_RULE_STARTED);
        expect(e, 1);
        assertTrue(e.text().contains("16"), e.text());

        var drawn = play("""
                start W:WK50:BK1
                move 50-44
                move 1-7
                move 44-50
                move 7-1
                move 50-44
                move 1-7
                move 44-50
                move 7-1
                move 50-44
                move 1-7
                """);
        expect(find(drawn, EventType.DRAW_BY_RULE), 8);
    }

    @Test
    void gameStartedWhenThePiecesAreSetUpAgain() {
        var events = play("""
                move 32-28
                move 19-23
                move 28x19
                move 14x23
                lift 23
                put 14
                put 19 b
                put 32 w
                wait 2000
                move 33-28
                """);
        expect(find(events, EventType.GAME_STARTED), 0);
        ArbiterEvent last = events.get(events.size() - 1);
        assertEquals(EventType.MOVE, last.type());
        expect(last, 1, 33, 28);
    }

    @Test
    void noLegalMoves() {
        var events = play("start W:W37,46:B12,22,32\nmove 37x8");
        ArbiterEvent e = find(events, EventType.NO_LEGAL_MOVES);
        expect(e, 1);
        assertEquals(Color.BLACK, e.side());
    }

    @Test
    void clockPressedWithoutMove() {
        var events = play("move 32-28\nwait 2000\npress black");
        expect(find(events, EventType.CLOCK_PRESSED_WITHOUT_MOVE), 1);
    }

    @Test
    void incompleteMove() {
        var events = play("start W:W37,46:B12,22,25,32\nmove 37x8 remove-late");
        expect(find(events, EventType.INCOMPLETE_MOVE), 1, 37, 8, 12, 22, 32);
        expect(find(events, EventType.MOVE), 1, 37, 28, 17, 8);
    }

    @Test
    void boardDisconnectedAndReconnected() {
        var events = play("move 32-28\nunplug 2000\nmove 19-23");
        // The cable was pulled right after the move: it is committed from the board sent after the reconnect.
        expect(find(events, EventType.BOARD_DISCONNECTED), 0);
        expect(find(events, EventType.BOARD_RECONNECTED), 0);
        assertEquals(2, events.stream().filter(e -> e.type() == EventType.MOVE).count());
    }

    @Test
    void flagFallAndClockMismatch() {
        var rc = ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(Duration.ofMinutes(80), Duration.ofSeconds(30));
        // The emulated clock runs Fischer with a minute: not the 30 s the organiser configured.
        var events = play("move 32-28\nmove 19-23", QUIET, rc);
        expect(find(events, EventType.CLOCK_MISMATCH), 0);

        Recorded r = Recorded.start();
        r.hand.move(32, 28).press(true).settle().flag(false).settle();
        ArbiterEvent flag = r.only(EventType.FLAG_FALL);
        assertEquals(1, flag.ply());
        assertEquals(Color.BLACK, flag.side(), "white pressed on the right, so the left flag is black's");
        seen.add(EventType.FLAG_FALL);
    }

    @Test
    void earlyDrawAgreedIsEnteredNotSeen() {
        Recorded r = Recorded.start();
        r.hand.move(32, 28).press().settle().move(19, 23).press().settle();
        r.reconstructor.agreeDraw(r.hand.now());
        ArbiterEvent e = r.only(EventType.EARLY_DRAW_AGREED);
        assertEquals(2, e.ply());
        assertEquals("13.4", e.article());
        assertEquals("0-0", r.reconstructor.game().result().pdn());
        seen.add(EventType.EARLY_DRAW_AGREED);
        // The players play on: the board wins over the entry, and the move is kept.
        r.hand.move(28, 19).remove(23).press().settle();
        assertEquals(3, r.reconstructor.game().ply());
        assertEquals("*", r.reconstructor.game().result().pdn());
    }

    @Test
    void joinedMidGame() {
        // four plies before the first read: more than the three a late read recognises as the moves made
        var parsed = ScenarioParser.parse("move 32-28\nmove 17-21\nmove 37-32\nmove 19-23\nwait 5000\nmove 28x19\nmove 14x23");
        Timeline timeline = new ScenarioRunner(Variant.INTERNATIONAL).run(parsed, QUIET);
        List<ArbiterEvent> whole = new ArrayList<>();
        timeline.replayTo(new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL), ReplayLog.tee(whole::add)));
        long afterSecondMove = whole.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == 4).findFirst().orElseThrow().t();
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = new Reconstructor(ReconstructConfig.defaults(Variant.INTERNATIONAL).withJoinMidGame(true), ReplayLog.tee(events::add));
        Timeline late = timeline.joinedAt(afterSecondMove);
        late.replayTo(r);
        r.tick(late.endMillis() + 20_000);
        events.forEach(e -> seen.add(e.type()));
        expect(find(events, EventType.JOINED_MID_GAME), 0);
        assertEquals(List.of("28x19", "14x23"), events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> e.move().toString()).toList());
        expect(events.stream().filter(e -> e.type() == EventType.MOVE).findFirst().orElseThrow(), 1, 28, 19);
    }

    @Test
    void boardCleared() {
        // a resignation: the pieces are taken off; no move is made up and the position is not "unknown"
        var events = play("start W:W32,33,46,47:B3,18,19,25\nmove 32-28\nmove 19-23\nwait 3000\nremove 3,18,23,25\nremove 28,33,46,47\nwait 5000");
        expect(find(events, EventType.BOARD_CLEARED), 2);
        assertTrue(events.stream().noneMatch(e -> e.type() == EventType.POSITION_UNKNOWN || e.type() == EventType.ILLEGAL_MOVE), events.toString());
    }

    @AfterAll
    static void everyEventWasStaged() {
        Set<EventType> missing = EnumSet.complementOf(EnumSet.copyOf(seen));
        assertTrue(missing.isEmpty() || seen.size() < 5, "never staged: " + missing);
    }
}
