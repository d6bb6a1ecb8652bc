package org.damrelay.draughts.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * What both variants share: a capture, when there is one, must be played; only which captures
 * may be chosen among those found differs, and that is the variant's rule.
 */
abstract class CompulsoryCapture implements MoveGenerator {
    private final CaptureSearch captures;

    CompulsoryCapture(CaptureSearch captures) {
        this.captures = captures;
    }

    @Override
    public final List<Move> legalMoves(Position p) {
        List<CaptureSearch.Found> found = captures.all(p);
        List<Move> out = new ArrayList<>();
        if (found.isEmpty()) QuietMoves.addAll(p, out);
        else choosable(found, out);
        return out;
    }

    /** Adds to {@code out} the captures of {@code found} (never empty) the player may choose. */
    abstract void choosable(List<CaptureSearch.Found> found, List<Move> out);
}
