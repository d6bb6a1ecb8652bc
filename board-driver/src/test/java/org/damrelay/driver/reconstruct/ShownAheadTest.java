package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

/**
 * Issue 44: a man's capture goes out when the board shows it complete (the press, or the settle
 * window), not when the reply makes it evident; what the judgement later finds is sent as a
 * correction, never a silent rewrite, and a stream folded with its corrections is the record.
 */
class ShownAheadTest {
    /** White's 32 takes 28 (to 23), and nothing more. */
    private static final String CAPTURE = "W:W32,46,47:B3,25,28";

    private static ArbiterEvent move(Recorded r, int ply) {
        return r.events.stream().filter(e -> e.type() == EventType.MOVE && e.ply() == ply).findFirst()
                .orElseThrow(() -> new AssertionError("no MOVE " + ply + " in " + r.summary()));
    }

    @Test
    void aCaptureGoesOutAtThePressLongBeforeTheReply() {
        Recorded r = Recorded.from(CAPTURE);
        r.hand.move(32, 23).waitMs(300).remove(28).press();
        long pressed = r.hand.now();
        r.hand.settle(1000);
        assertEquals(List.of("MOVE 1 32x23"), r.summary(), "out before the reply, with nothing the judgement has not seen");
        assertTrue(move(r, 1).t() <= pressed + 100, "at the press: " + move(r, 1).t() + " vs " + pressed);
        r.hand.move(3, 9).press().settle();
        r.assertSummary("MOVE 1 32x23", "MOVE 2 3-9");
        assertEquals(2, r.reconstructor.game().ply());
    }

    @Test
    void withoutAPressTheSettledBoardSendsIt() {
        Recorded r = Recorded.from(CAPTURE);
        r.hand.move(32, 23).waitMs(300).remove(28).waitMs(300);
        long last = r.hand.lastPhysicalChange();
        r.hand.settle(1000);
        assertEquals(List.of("MOVE 1 32x23"), r.summary());
        assertTrue(move(r, 1).t() - last < 1000, "within a second of the last piece change: " + (move(r, 1).t() - last) + " ms");
    }

    @Test
    void aPieceTakenOffAfterTheCaptureLookedCompleteCorrectsItInTheOpen() {
        Recorded r = Recorded.from(CAPTURE);
        r.hand.move(32, 23).waitMs(300).remove(28).waitMs(300).press().waitMs(1500).remove(25).waitMs(500).move(3, 9).press().settle();
        List<String> s = r.summary();
        assertEquals("MOVE 1 32x23", s.get(0), "shown when it looked complete: " + s);
        ArbiterEvent back = r.only(EventType.MOVE_RETRACTED);
        assertTrue(back.correction(), "the reconstruction's own correction, not a move taken back on the board: " + back);
        assertEquals(1, back.ply());
        ArbiterEvent illegal = r.only(EventType.ILLEGAL_MOVE);
        assertEquals(1, illegal.ply());
        assertTrue(s.indexOf("MOVE_RETRACTED 1") < s.indexOf(Recorded.summary(illegal)), s.toString());
        assertTrue(s.indexOf("MOVE 2 3-9") > s.indexOf(Recorded.summary(illegal)), s.toString());
        assertEquals(2, r.reconstructor.game().ply(), "the record: the irregular capture and the reply");
    }

    @Test
    void aCaptureTakenBackBeforeThePressIsWithdrawnAsACorrection() {
        Recorded r = Recorded.from(CAPTURE);
        r.hand.move(32, 23).waitMs(300).remove(28).waitMs(300).waitMs(1000).move(23, 32).waitMs(300).place(28, Sensed.BLACK_MAN).settle(1500);
        assertEquals(List.of("MOVE 1 32x23", "MOVE_RETRACTED 1"), r.summary());
        assertTrue(r.only(EventType.MOVE_RETRACTED).correction(), "never pressed: the capture was not complete, so no takeback alert");
        assertEquals(0, r.reconstructor.game().ply());
    }

    @Test
    void aCaptureTakenBackAfterThePressIsATakeback() {
        Recorded r = Recorded.from(CAPTURE);
        r.hand.move(32, 23).waitMs(300).remove(28).waitMs(300).press().waitMs(1000).move(23, 32).waitMs(300).place(28, Sensed.BLACK_MAN).settle(1500);
        assertEquals(List.of("MOVE 1 32x23", "MOVE_RETRACTED 1"), r.summary());
        assertFalse(r.only(EventType.MOVE_RETRACTED).correction(), "pressed, so complete (SWR 6.7): taken back on the board");
    }

    /**
     * The same for a quiet move (committed as it landed): an enemy piece its player takes off after
     * it, before the reply, makes the two one irregular move (the 'moved and removed' cells of the
     * tempo matrix), and the move that went out is corrected in the open.
     */
    @Test
    void anEnemyPieceTakenOffAfterAQuietMoveMakesThemOneIrregularMove() {
        Recorded r = Recorded.from("W:W32,46,47:B3,14,25");
        r.hand.move(32, 28).waitMs(300).press().settle(1500).remove(14).settle(1500).move(3, 8).waitMs(300).press().settle(1500)
                .move(28, 22).waitMs(300).press().settle();
        List<String> s = r.summary();
        assertEquals("MOVE 1 32-28", s.get(0), s.toString());
        ArbiterEvent back = r.only(EventType.MOVE_RETRACTED);
        assertTrue(back.correction(), back.toString());
        assertEquals(1, r.illegal(IllegalKind.REMOVED_WITHOUT_CAPTURE).ply(), s.toString());
        assertTrue(s.containsAll(List.of("MOVE 2 3-8", "IRREGULAR_MOVE_STANDS 1", "MOVE 3 28-22")), s.toString());
        r.assertNone(EventType.CLOCK_NOT_PRESSED, EventType.POSITION_UNKNOWN);
        assertEquals(3, r.reconstructor.game().ply(), "the irregular move, the reply, the next move: " + s);
    }
}
