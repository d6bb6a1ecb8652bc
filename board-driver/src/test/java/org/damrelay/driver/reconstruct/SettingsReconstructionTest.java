package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawRules;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.junit.jupiter.api.Test;
import org.damrelay.driver.replay.ReplayLog;

/** The competition's settings reach the reconstruction: resuming a game, move-quota flag falls, SWR 7.1 at the start, ZWH. */
class SettingsReconstructionTest {

    @Test
    void aResumedGameIsFollowedFromWhereItStandsWithItsPliesAndCounts() {
        Game g = Game.start(Variant.INTERNATIONAL).play(Move.quiet(32, 28)).play(Move.quiet(19, 23));
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(Variant.INTERNATIONAL), g, ReplayLog.tee(events::add));
        BoardHand hand = BoardHand.on(r);
        hand.setup(g.position());
        hand.press().settle(); // the clocks restarted after the interruption: no alert
        hand.move(28, 19).remove(23).press().settle();
        assertEquals(List.of("MOVE 3 28x19"), events.stream().map(Recorded::summary).toList());
        assertEquals(3, r.game().ply());
        assertEquals(Reconstructor.State.IN_STEP, r.state());
    }

    @Test
    void aResumedFrisianGameKeepsTheKingMoveRuns() {
        var start = TestPositions.of("W:WK50,36:B15,K1");
        GameSettings frisian = GameSettings.of(Variant.FRISIAN);
        Game g = Game.from(start, frisian);
        for (int[] m : new int[][] {{50, 44}, {1, 7}, {44, 50}, {7, 1}, {50, 44}, {1, 7}}) g = g.play(Move.quiet(m[0], m[1]));
        List<ArbiterEvent> events = new ArrayList<>();
        Reconstructor r = Reconstructor.resume(ReconstructConfig.defaults(Variant.INTERNATIONAL), g, ReplayLog.tee(events::add));
        BoardHand hand = BoardHand.on(r);
        hand.setup(g.position());
        hand.move(44, 50).press().settle();
        ArbiterEvent e = events.get(0);
        assertEquals(IllegalKind.KING_MOVE_LIMIT, e.subtype(), events.toString());
        assertEquals(7, e.ply());
        assertEquals("Frisian 17", e.article());
    }

    @Test
    void aFlagFallKnowsTheMoveQuota() {
        var config = ReconstructConfig.defaults(Variant.INTERNATIONAL).withTimeControl(TimeControl.parse("40/7200:3600+30"));
        Recorded r = new Recorded(config, Orientation.NORMAL);
        r.hand.move(32, 28).press(true).settle().flag(false).settle();
        ArbiterEvent flag = r.only(EventType.FLAG_FALL);
        assertEquals(Color.BLACK, flag.side());
        assertTrue(flag.text().contains("after 0 moves, before the 40") && flag.text().contains("40/7200:3600+30")
                && flag.text().contains("10.1"), flag.text());
    }

    @Test
    void aBoardOnTheLightFieldsAtTheStartSaysWhatSwr71Says() {
        Recorded r = new Recorded(ReconstructConfig.defaults(Variant.INTERNATIONAL), Orientation.MIRRORED);
        ArbiterEvent e = r.events.get(0);
        assertEquals(EventType.BOARD_ORIENTATION, e.type());
        assertTrue(e.text().contains("void") && e.text().contains("started again") && e.text().contains("SWR 7.1"), e.text());
        Recorded f = new Recorded(ReconstructConfig.defaults(Variant.FRISIAN), Orientation.MIRRORED);
        assertEquals("Frisian 26", f.events.get(0).article());
        assertTrue(f.events.get(0).text().contains("art. 26"), f.events.get(0).text());
    }

    @Test
    void zwhDrawRulesAreTheGamesOwn() {
        var config = ReconstructConfig.defaults(Variant.INTERNATIONAL).withDrawRules(DrawRules.ZWH)
                .withStart(TestPositions.of("W:WK46,K47:BK5"));
        Recorded r = new Recorded(config, Orientation.NORMAL);
        r.hand.move(46, 41).press().settle();
        assertEquals(DrawRules.ZWH, r.reconstructor.game().settings().drawRules());
        ArbiterEvent move = r.only(EventType.MOVE);
        assertEquals("ZWH_KINGS_ENDGAME", move.draws().get(0).rule().name(), move.draws().toString());
    }
}
