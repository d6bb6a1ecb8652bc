package org.damrelay.driver.reconstruct;

import java.util.List;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void anIrregularMoveAndTheReplyAreReadFromTheBoardsShown() {
        GameModelLine g = game("W:W28,46,47:B4,5");
        MoveTrace trace = new MoveTrace(300);
        Occupancy backwards = board("B:W33,46,47:B4,5"), replied = board("W:W33,46,47:B4,10");
        trace.board(1000, board("W:W46,47:B4,5")); // the man in the hand
        trace.board(1400, backwards);
        trace.board(5000, board("W:W33,46,47:B4"));
        trace.board(5400, replied);
        assertNull(JUDGE.irregular(g, replied, NO_PRESS), "one irregular move does not explain two");
        List<PlySequence.Step> seq = JUDGE.sequence(g, replied, trace, NO_PRESS);
        assertEquals(2, seq.size());
        assertEquals(IllegalKind.OTHER, seq.get(0).irregular().kind());
        assertEquals(Move.quiet(28, 33), seq.get(0).move());
        assertEquals(Move.quiet(5, 10), seq.get(1).move());
        assertEquals(1400, seq.get(0).shownAt());
        assertInstanceOf(Judgement.Verdict.Commit.class, JUDGE.settled(g, replied, 8400, 5400, trace, NO_PRESS));
    }

    @Test
    void playThatGoesOnAfterAnIrregularMoveIsReadPlyByPly() {
        GameModelLine g = game("W:W28,46,47:B4,5");
        MoveTrace trace = new MoveTrace(300);
        trace.board(1000, board("W:W46,47:B4,5"));
        trace.board(1400, board("B:W33,46,47:B4,5")); // 28-33 backwards
        trace.board(1700, board("W:W33,46,47:B4")); // black's reply in the hand
        trace.board(2000, board("W:W33,46,47:B4,10")); // 5-10
        trace.board(2600, board("W:W33,47:B4,10")); // white's next move in the hand
        trace.board(2900, board("W:W33,41,47:B4,10")); // 46-41
        trace.board(3400, board("W:W33,41,47:B10")); // 4-9
        Occupancy now = board("W:W33,41,47:B9,10");
        trace.board(3700, now);
        trace.press(1800, Color.WHITE);
        trace.press(2100, Color.BLACK);
        List<PlySequence.Step> seq = JUDGE.sequence(g, now, trace, NO_PRESS);
        assertEquals(List.of(Move.quiet(28, 33), Move.quiet(5, 10), Move.quiet(46, 41), Move.quiet(4, 9)),
                seq.stream().map(PlySequence.Step::move).toList());
        assertEquals(List.of(true, false, false, false), seq.stream().map(PlySequence.Step::isIrregular).toList());
        // white's press reached the line after black's reply had begun: it is white's all the same
        assertEquals(List.of(true, true, false, false), seq.stream().map(PlySequence.Step::pressed).toList());
        assertInstanceOf(Judgement.Verdict.Commit.class, JUDGE.settled(g, now, 6700, 3700, trace, NO_PRESS));
        assertNull(JUDGE.sequence(g, board("W:W33,41,47:B9,11"), trace, NO_PRESS), "a board no plies through the boards shown lead to");
    }

    @Test
    void whoPressedAfterThePiecesMovedDecidesMovedTwiceOrOpponentPieceMoved() {
        GameModelLine g = game("W:W32,33,46:B3,19");
        g.play(Move.quiet(32, 28));
        Occupancy again = board("B:W28,29,46:B3,19");
        var white = new Judgement.Presses(true, 5000, false, true, Color.WHITE);
        var black = new Judgement.Presses(true, 5000, false, true, Color.BLACK);
        IrregularMove twice = JUDGE.irregular(g, again, white).move();
        assertEquals(IllegalKind.MOVED_TWICE, twice.kind());
        assertEquals(Color.WHITE, twice.mover());
        assertTrue(twice.text().startsWith("White"), twice.text());
        IrregularMove other = JUDGE.irregular(g, again, black).move();
        assertEquals(IllegalKind.OPPONENT_PIECE_MOVED, other.kind());
        assertEquals(Color.BLACK, other.mover());
        assertTrue(other.text().startsWith("Black"), other.text());
        // no press after a confirmed move: undecided, the next press or the reply tells (held window)
        var none = new Judgement.Presses(false, 0, false, true, null);
        assertEquals(1000 + 10_000, JUDGE.judgeAt(g, again, 4000, 1000, none));
    }

    @Test
    void aMansCaptureIsKeptOpenAKingsIsNot() {
        GameModelLine men = game("W:W32,46:B3,28");
        Candidate manCapture = JUDGE.legal(men, board("B:W23,46:B3"), false, false, new MoveTrace(300));
        assertTrue(Judgement.keepsOpen(manCapture, men, board("B:W23,46:B3")));
        GameModelLine kings = game("W:WK50,46:B3,28");
        Candidate kingCapture = JUDGE.legal(kings, board("B:W22,46:B3"), false, false, new MoveTrace(300));
        assertFalse(Judgement.keepsOpen(kingCapture, kings, board("B:W22,46:B3")));
    }
}
