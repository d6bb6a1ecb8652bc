package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ArbiterListener;
import org.damrelay.driver.arbiter.EventType;

/**
 * A man's capture goes out as soon as the board shows it complete (the press, or the settle
 * window), while the judgement still keeps it open for what a later board may show (pieces taken
 * off late, a short capture completed by the opponent: {@link Judgement#keepsOpen}). Spectators
 * see the capture when it is made, not with the reply.
 *
 * <p><b>The rule.</b> Every event leaves through here, so the stream always folds to the record.
 * When the judgement commits that ply, the capture shown is confirmed (its second MOVE is not
 * sent) or corrected in the open: by MOVE_REPLACED for another move, by MOVE_RETRACTED and the
 * ILLEGAL_MOVE for an irregular one, by MOVE_RETRACTED when the board went back to the position
 * before it. A correction is marked as the reconstruction's own ({@link ArbiterEvent#correction}),
 * so it is never read as a move changed on the board; an arbiter still gets the ILLEGAL_MOVE.
 */
final class ShownAhead implements ArbiterListener {
    private final ArbiterListener out;
    /** The MOVE sent ahead of the judgement, or null. */
    private ArbiterEvent shown;

    ShownAhead(ArbiterListener out) {
        this.out = out;
    }

    /** Sends {@code move} (a MOVE of the ply after the record's last) ahead of its judgement; once per capture. */
    void show(ArbiterEvent move) {
        if (shown != null && shown.move().equals(move.move())) return;
        if (shown != null) {
            // the board now shows another capture complete for the same ply
            corrected(replaced(shown, move));
        } else {
            out.onEvent(move);
        }
        shown = move;
    }

    /**
     * The board is back where the record stood before the capture shown: taken back (after a press,
     * as any move is; before one, the capture was never complete and the showing is corrected).
     * Returns the capture's squares (its pieces came back as the capture went, no displacement), 0 when none was shown.
     */
    long withdraw(long t, boolean pressed) {
        if (shown == null) return 0;
        long squares = shown.move().captured() | Squares.bit(shown.move().from()) | Squares.bit(shown.move().to());
        ArbiterEvent back = retraction(shown, t, pressed ? "ply " + shown.ply() + " (" + shown.move() + ") was taken back"
                : "ply " + shown.ply() + " (" + shown.move() + ") was shown before its judgement and taken back before the clock was pressed");
        shown = null;
        if (pressed) out.onEvent(back);
        else corrected(back);
        return squares;
    }

    /** Forgets the capture shown without a word: a new game or a join starts another record. */
    void forget() {
        shown = null;
    }

    @Override
    public void onEvent(ArbiterEvent e) {
        if (shown == null || !changesRecord(e)) {
            out.onEvent(e);
            return;
        }
        ArbiterEvent was = shown;
        if (e.ply() < was.ply() || e.type() == EventType.MOVE_RETRACTED || e.type() == EventType.MOVE_REPLACED) {
            // the record goes back past the capture shown: it goes first
            shown = null;
            corrected(retraction(was, e.t(), "ply " + was.ply() + " (" + was.move() + ") was shown before its judgement; the board says otherwise"));
            out.onEvent(e);
            return;
        }
        shown = null;
        if (e.type() == EventType.MOVE && was.move().equals(e.move())) return; // confirmed: it went out already
        if (e.type() == EventType.MOVE) {
            corrected(replaced(was, e));
            return;
        }
        // an irregular move after all (pieces taken off late, a capture cut short): the capture shown goes, the move comes
        corrected(retraction(was, e.t(), "ply " + was.ply() + " (" + was.move() + ") was shown before its judgement; it was an irregular move"));
        out.onEvent(e);
    }

    private static boolean changesRecord(ArbiterEvent e) {
        return switch (e.type()) {
            case MOVE, ILLEGAL_MOVE, MOVE_REPLACED, MOVE_RETRACTED -> true;
            default -> false;
        };
    }

    /** MOVE_REPLACED: the ply {@code was} went out as becomes the move {@code now}. */
    private static ArbiterEvent replaced(ArbiterEvent was, ArbiterEvent now) {
        return new ArbiterEvent(EventType.MOVE_REPLACED, null, now.ply(), now.side(), now.t(), now.squares(),
                "ply " + now.ply() + ": " + was.move() + " became " + now.move(), now.move(), now.before(), now.after(), now.clock(),
                now.draws(), now.article());
    }

    private static ArbiterEvent retraction(ArbiterEvent shown, long t, String text) {
        return new ArbiterEvent(EventType.MOVE_RETRACTED, null, shown.ply(), shown.side(), t, List.of(shown.move().from(), shown.move().to()),
                text, shown.move(), shown.after(), shown.before(), shown.clock(), List.of(), null);
    }

    private void corrected(ArbiterEvent e) {
        out.onEvent(e.asCorrection());
    }
}
