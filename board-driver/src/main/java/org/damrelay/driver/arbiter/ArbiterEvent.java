package org.damrelay.driver.arbiter;

import java.util.List;
import org.damrelay.draughts.game.MoveCount;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * One event of a board's stream, in order. Moves (MOVE, MOVE_REPLACED, ILLEGAL_MOVE) carry the
 * move as played and the position after it; notation and FEN are derived from those by the
 * consumer, so this record stays independent of any notation library.
 *
 * @param type    the event name
 * @param subtype for ILLEGAL_MOVE, what was wrong; otherwise null
 * @param ply     the half-move concerned (1 = the first move of the game); 0 before any move
 * @param side    the player concerned, or null
 * @param t       capture-clock milliseconds at which the driver raised the event
 * @param squares squares 1-50 involved, most relevant first
 * @param text    a short English sentence for the arbiter
 * @param move    the move played (null for events that are not moves, or an irregular change that
 *                is no from-to move, like pieces removed)
 * @param before  the game position before the move (for notation), or null
 * @param after   the game position after the move or takeback, or null
 * @param clock   both players' remaining times when known, else null
 * @param draws   on events that carry a position: the draw counts running after it (empty when
 *                none runs: a count that ended is cleared), from the game model
 * @param article the article of the game's own rulebook the event concerns ({@link Rulebook})
 * @param check   CLOCK_MISMATCH of a press: the clock's figures (what it gave back, what the time control gives), else null
 * @param correction MOVE_RETRACTED, MOVE_REPLACED: the reconstruction corrects what it showed ahead of its
 *                judgement (a capture shown as the board first showed it complete), not a move changed on the board
 */
public record ArbiterEvent(EventType type, IllegalKind subtype, int ply, Color side, long t,
                           List<Integer> squares, String text, Move move, Position before,
                           Position after, ClockTimes clock, List<MoveCount> draws, String article, ClockCheck check,
                           boolean correction) {

    public ArbiterEvent {
        squares = List.copyOf(squares);
        draws = List.copyOf(draws);
        if (type == null) throw new IllegalArgumentException("event type missing");
        if ((type == EventType.ILLEGAL_MOVE) != (subtype != null)) {
            throw new IllegalArgumentException("a subtype goes with ILLEGAL_MOVE and only with it: " + type + "/" + subtype);
        }
        if (article == null) article = subtype != null ? subtype.article() : type.article();
    }

    public ArbiterEvent(EventType type, IllegalKind subtype, int ply, Color side, long t, List<Integer> squares, String text,
            Move move, Position before, Position after, ClockTimes clock, List<MoveCount> draws, String article) {
        this(type, subtype, ply, side, t, squares, text, move, before, after, clock, draws, article, null, false);
    }

    /** An event without draw counts, citing the SWR (international draughts). */
    public ArbiterEvent(EventType type, IllegalKind subtype, int ply, Color side, long t, List<Integer> squares, String text,
            Move move, Position before, Position after, ClockTimes clock) {
        this(type, subtype, ply, side, t, squares, text, move, before, after, clock, List.of(), null);
    }

    /** A plain event (no move) for the arbiter. */
    public static ArbiterEvent info(EventType type, int ply, Color side, long t, List<Integer> squares, String text) {
        return new ArbiterEvent(type, null, ply, side, t, squares, text, null, null, null, null);
    }

    public ArbiterEvent withArticle(String a) {
        return new ArbiterEvent(type, subtype, ply, side, t, squares, text, move, before, after, clock, draws, a, check, correction);
    }

    public ArbiterEvent withDraws(List<MoveCount> d) {
        return new ArbiterEvent(type, subtype, ply, side, t, squares, text, move, before, after, clock, d, article, check, correction);
    }

    /** The clock's figures behind a CLOCK_MISMATCH. */
    public ArbiterEvent withCheck(ClockCheck c) {
        return new ArbiterEvent(type, subtype, ply, side, t, squares, text, move, before, after, clock, draws, article, c, correction);
    }

    /** The same event as the reconstruction's correction of what it showed ahead of its judgement. */
    public ArbiterEvent asCorrection() {
        return new ArbiterEvent(type, subtype, ply, side, t, squares, text, move, before, after, clock, draws, article, check, true);
    }

    @Override
    public String toString() {
        return type + (subtype != null ? "." + subtype : "") + " ply " + ply + " " + side + " t=" + t
                + " " + squares + (move != null ? " " + move : "") + (correction ? " (correction)" : "") + " \"" + text + "\"";
    }
}
