package org.damrelay.draughts.game;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where the draw rules stand after a ply: the counts running, how often the current position
 * (with the same side to move) has occurred, and the draw by rule if one has occurred. A draw by
 * rule stays recorded once it occurred, even if the players play on unaware (manual 5.2.2).
 *
 * @param counts      the running counts, in the rule set's order
 * @param repetitions occurrences of the current position so far, this one included
 * @param drawnBy     the rule that drew the game, or null
 * @param drawPly     the ply at which it did, or -1
 */
public record DrawStatus(List<MoveCount> counts, int repetitions, DrawRule drawnBy, int drawPly) {

    public DrawStatus {
        counts = List.copyOf(counts);
        if ((drawnBy == null) != (drawPly < 0)) throw new IllegalArgumentException("draw rule and draw ply go together");
    }

    public boolean isDrawn() {
        return drawnBy != null;
    }

    public Optional<DrawRule> drawRule() {
        return Optional.ofNullable(drawnBy);
    }

    /** The counts that have begun ({@link MoveCount#begun()}): what the arbiter is shown. */
    public List<MoveCount> begun() {
        return counts.stream().filter(MoveCount::begun).toList();
    }

    /** The running count of a rule, if it runs. */
    public Optional<MoveCount> count(DrawRule rule) {
        return counts.stream().filter(c -> c.rule() == rule).findFirst();
    }

    /** For the arbiter console: "16-move count: 7 of 16; 5-move count: 1 of 5". */
    @Override
    public String toString() {
        String text = counts.stream().map(MoveCount::toString).collect(Collectors.joining("; "));
        if (repetitions > 1) text += (text.isEmpty() ? "" : "; ") + "position occurred " + repetitions + " times";
        if (drawnBy != null) text += (text.isEmpty() ? "" : "; ") + "draw by " + drawnBy.label() + " rule ("
                + drawnBy.article() + ") at ply " + drawPly;
        return text.isEmpty() ? "no draw count running" : text;
    }
}
