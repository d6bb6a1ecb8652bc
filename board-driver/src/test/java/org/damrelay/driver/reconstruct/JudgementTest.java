package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.IllegalKind;
import org.junit.jupiter.api.Test;

/** The judgement alone: explanations of a board and the timing rule, without a board or a clock. */
class JudgementTest {
    private static final Judgement JUDGE = new Judgement(Variant.INTERNATIONAL, 3000, 10_000);
    private static final Judgement.Presses NO_PRESS = new Judgement.Presses(false, Long.MIN_VALUE / 2, false, false, null);

    private static GameModelLine game(String fen) {
        return new GameModelLine(Game.from(TestPositions.of(fen), GameSettings.of(Variant.INTERNATIONAL)));
    }

    static Occupancy board(Position p) {
        return new Occupancy(p.pieces(Color.WHITE), p.pieces(Color.BLACK), 0, 0, 0);
    }

    private static Occupancy board(String fen) {
        return board(TestPositions.of(fen));
    }

    @Test
    void aLegalMoveIsPlay() {
        GameModelLine g = game("W:W32,46:B3,19");
        Candidate c = JUDGE.legal(g, board("B:W28,46:B3,19"), false, false, new MoveTrace(300));
        assertEquals(new Candidate.Play(java.util.List.of(Move.quiet(32, 28))), c);
    }

    @Test
    void aStepWhileACaptureIsDueIsCaptureMissed() {
        GameModelLine g = game("W:W32,46,47:B3,25,28");
        Occupancy seen = board("B:W32,41,47:B3,25,28");
        assertNull(JUDGE.legal(g, seen, true, true, new MoveTrace(300)));
        Candidate.Irregular ir = JUDGE.irregular(g, seen, NO_PRESS);
        assertEquals(IllegalKind.CAPTURE_MISSED, ir.move().kind());
        assertEquals(Color.WHITE, ir.move().mover());
    }

    @Test
    void theTimingRule() {
        GameModelLine g = game("W:W37,46:B12,22,25,32");
        // the capturing man landed, the captured pieces still stand: on its way to 37x8
        Occupancy underway = board("W:W8,46:B12,22,25,32");
        assertEquals(Judgement.NEVER, JUDGE.judgeAt(g, underway, 5000, 1000, NO_PRESS), "no press: wait for the board");
        var pressed = new Judgement.Presses(true, 4000, false, true, null);
        assertEquals(7000, JUDGE.judgeAt(g, underway, 5000, 1000, pressed), "captured pieces get the window from the press");
        assertEquals(9000, JUDGE.judgeAt(g, underway, 9000, 1000, pressed));
        // nothing legal is under way: judged at once
        Occupancy other = board("B:W41,37:B12,22,25,32");
        assertEquals(5000, JUDGE.judgeAt(g, other, 5000, 1000, NO_PRESS));
    }
}
