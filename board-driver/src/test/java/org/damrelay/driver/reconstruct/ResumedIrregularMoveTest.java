package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An irregular move right after a driver restart is the same irregular move as without the
 * restart (seen once in the hall as POSITION_UNKNOWN): white moves a man backwards (29-33, which
 * 38-33 or 39-33 could also reach, so the board looks like a move under way), with or without
 * pressing, and play goes on at once (the reply, then the next move). The restarted driver
 * resumes as AssignedBoard does, from the position alone (a game at ply 0), or with the plies.
 */
class ResumedIrregularMoveTest {
    private static final Move[] OPENING = {Move.quiet(32, 28), Move.quiet(17, 21), Move.quiet(33, 29), Move.quiet(12, 17)};
    private static final List<String> RECORD = List.of("ILLEGAL_MOVE.OTHER 29-33", "MOVE 21-26", "IRREGULAR_MOVE_STANDS", "MOVE 28-22");
    /** What the record is made of; the clock's information events are not this test's. */
    private static final Set<EventType> RECORDED = EnumSet.of(EventType.MOVE, EventType.ILLEGAL_MOVE, EventType.IRREGULAR_MOVE_STANDS,
            EventType.POSITION_UNKNOWN, EventType.MOVE_RETRACTED, EventType.MOVE_REPLACED, EventType.ACCIDENTAL_DISPLACEMENT);

    @ParameterizedTest(name = "pressed: {0}, play goes on after {1} ms, resumed with the plies: {2}")
    @CsvSource({"true,300,false", "true,1500,false", "true,5000,false", "false,300,false", "false,1500,false", "false,5000,false",
            "true,300,true", "false,300,true"})
    void aManMovedBackwardsRightAfterARestartIsTheIllegalMoveItIsWithoutOne(boolean pressed, long gap, boolean withPlies) {
        Recorded straight = Recorded.start();
        for (int i = 0; i < OPENING.length; i++) straight.hand.move(OPENING[i].from(), OPENING[i].to()).press(i % 2 == 0).settle();
        straight.events.clear();
        play(straight.hand, pressed, gap);

        Game g = Game.start(Variant.INTERNATIONAL);
        for (Move m : OPENING) g = g.play(m);
        Game at = withPlies ? g : Game.from(g.position(), g.settings());
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(Variant.INTERNATIONAL), at, events::add);
        BoardHand hand = BoardHand.on(r);
        hand.setup(g.position());
        hand.settle();
        play(hand, pressed, gap);

        assertEquals(RECORD, record(straight.events), straight.summary().toString());
        assertEquals(RECORD, record(events), events.stream().map(Recorded::summary).toList().toString());
        assertEquals(Reconstructor.State.IN_STEP, r.state());
        // a press whose report came before the board's scan of the move is the move's: no CLOCK_NOT_PRESSED for it (it was
        // raised when the reply came); unpressed, it is raised. (After a restart the clock's sides are not known yet, and this
        // hand's presses take no account of the lever: who an unpressed move's alert names there is not this test's.)
        assertEquals(pressed ? 0 : 1, count(straight.events, EventType.CLOCK_NOT_PRESSED), straight.summary().toString());
        if (pressed) assertEquals(0, count(events, EventType.CLOCK_NOT_PRESSED), events.stream().map(Recorded::summary).toList().toString());
    }

    /** 29-33 by white (pressed or not), black's 21-26 and white's 28-22 each with its press, {@code gap} ms apart. */
    private static void play(BoardHand hand, boolean pressed, long gap) {
        hand.move(29, 33);
        if (pressed) hand.press(true);
        hand.waitMs(gap).move(21, 26).press(false).waitMs(gap).move(28, 22).press(true).settle();
    }

    private static long count(List<ArbiterEvent> events, EventType type) {
        return events.stream().filter(e -> e.type() == type).count();
    }

    private static List<String> record(List<ArbiterEvent> events) {
        return events.stream().filter(e -> RECORDED.contains(e.type()))
                .map(e -> e.type() + (e.subtype() != null ? "." + e.subtype() : "") + (e.move() != null ? " " + e.move() : "")).toList();
    }
}
