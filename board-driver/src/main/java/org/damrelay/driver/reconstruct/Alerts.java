package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.arbiter.ClockCheck;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.Rulebook;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.rules.Variant;

/**
 * The one way out for a board's events, shared by the reconstruction's parts so that every event
 * is finished the same way: it cites the game's own rulebook (or the article the caller knows
 * better), and a move carries the draw counts running after it in the game as it stands.
 */
record Alerts(ArbiterListener listener, Variant variant, GameModelLine game) {

    void emit(ArbiterEvent e) {
        emit(e, null);
    }

    void emit(ArbiterEvent e, String article) {
        listener.onEvent(finished(e, article, game.game()));
    }

    /** A move sent before the game records it ({@link ShownAhead}), finished as {@link #emit} would: the counts are those after it. */
    ArbiterEvent ahead(ArbiterEvent move, Game after) {
        return finished(move, null, after);
    }

    private ArbiterEvent finished(ArbiterEvent e, String article, Game in) {
        e = e.withArticle(article != null ? article : Rulebook.article(variant, e.type(), e.subtype()));
        boolean move = e.type() == EventType.MOVE || e.type() == EventType.ILLEGAL_MOVE || e.type() == EventType.MOVE_REPLACED;
        return move ? e.withDraws(in.drawStatus().begun()) : e;
    }

    /** CLOCK_MISMATCH when the clock's figures disagree with the time control ({@code text} null: they agree). */
    void clockMismatch(long t, String text, ClockCheck check) {
        if (text != null) emit(ArbiterEvent.info(EventType.CLOCK_MISMATCH, game.ply(), check == null ? null : check.side(), t, List.of(), text).withCheck(check));
    }
}
