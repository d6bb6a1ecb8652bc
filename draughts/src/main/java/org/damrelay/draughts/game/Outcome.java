package org.damrelay.draughts.game;

import java.util.Objects;

/** The result of a game and why, with the draw rule when a draw rule decided it. */
public record Outcome(Result result, Termination termination, DrawRule drawRule) {

    public static final Outcome ONGOING = new Outcome(Result.ONGOING, Termination.NONE, null);

    public Outcome {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(termination, "termination");
        if ((termination == Termination.DRAW_BY_RULE) != (drawRule != null)) {
            throw new IllegalArgumentException("a draw rule goes with DRAW_BY_RULE and only with it");
        }
        if ((result == Result.ONGOING) != (termination == Termination.NONE)) {
            throw new IllegalArgumentException(result + " does not fit termination " + termination);
        }
    }

    public static Outcome of(Result result, Termination termination) {
        return new Outcome(result, termination, null);
    }

    public static Outcome drawBy(DrawRule rule) {
        return new Outcome(Result.DRAW, Termination.DRAW_BY_RULE, rule);
    }

    public boolean isOver() {
        return result.isOver();
    }
}
