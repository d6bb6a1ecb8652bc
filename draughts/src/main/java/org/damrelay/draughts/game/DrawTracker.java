package org.damrelay.draughts.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Position;

/** Advances a rule set's draw status by one ply. */
final class DrawTracker {
    private DrawTracker() {}

    static DrawStatus atStart(DrawRules rules, Position start, boolean sideToMoveCanMove) {
        List<MoveCount> counts = new ArrayList<>();
        for (DrawCount c : rules.counts()) {
            MoveCount mc = c.atStart(start);
            if (mc != null) counts.add(mc);
        }
        return decide(rules, counts, 1, start, 0, sideToMoveCanMove);
    }

    /**
     * An adjourned game resumed in {@code start}: the counts given run on from where they stood
     * (moves counted so far, by rule); the others as {@link #atStart} finds them.
     *
     * @throws IllegalArgumentException for a rule not in the set, a count that cannot run in that
     *     position, or one already at its limit
     */
    static DrawStatus resumed(DrawRules rules, Position start, Map<DrawRule, Integer> running, boolean sideToMoveCanMove) {
        for (DrawRule r : running.keySet()) {
            if (rules.counts().stream().noneMatch(c -> c.rule() == r)) {
                throw new IllegalArgumentException("the " + r.label() + " count (" + r.article() + ") is not a count of the "
                        + rules + " rules");
            }
        }
        List<MoveCount> counts = new ArrayList<>();
        for (DrawCount c : rules.counts()) {
            Integer moves = running.get(c.rule());
            if (moves != null && (moves < 0 || moves >= c.rule().limit())) {
                throw new IllegalArgumentException("the " + c.rule().label() + " count must be 0 to " + (c.rule().limit() - 1)
                        + " moves, not " + moves);
            }
            MoveCount mc = moves != null ? c.resumed(start, moves) : c.atStart(start);
            if (mc != null) counts.add(mc);
        }
        return decide(rules, counts, 1, start, 0, sideToMoveCanMove);
    }

    /**
     * @param repetitions       occurrences of the position after the ply, this one included
     * @param sideToMoveCanMove false when the side to move has lost by SWR 8.1, which comes first
     */
    static DrawStatus next(DrawRules rules, DrawStatus before, Transition t, int repetitions, boolean sideToMoveCanMove) {
        List<MoveCount> counts = new ArrayList<>();
        for (DrawCount c : rules.counts()) {
            MoveCount mc = c.next(before.count(c.rule()).orElse(null), t);
            if (mc != null) counts.add(mc);
        }
        if (before.isDrawn()) return new DrawStatus(counts, repetitions, before.drawnBy(), before.drawPly());
        return decide(rules, counts, repetitions, t.after(), t.ply(), sideToMoveCanMove);
    }

    private static DrawStatus decide(DrawRules rules, List<MoveCount> counts, int repetitions, Position p, int ply,
            boolean sideToMoveCanMove) {
        DrawRule drawn = null;
        if (sideToMoveCanMove) {
            for (MoveCount c : counts) {
                if (c.isComplete()) {
                    drawn = c.rule();
                    break;
                }
            }
            if (drawn == null && rules.repetition() != null && repetitions >= rules.repetition().limit()) {
                drawn = rules.repetition();
            }
            if (drawn == null && rules.kingAgainstKing() && FrisianKingVsKing.isDraw(p)) {
                drawn = DrawRule.FRISIAN_KING_VS_KING;
            }
        }
        return new DrawStatus(counts, repetitions, drawn, drawn == null ? -1 : ply);
    }
}
