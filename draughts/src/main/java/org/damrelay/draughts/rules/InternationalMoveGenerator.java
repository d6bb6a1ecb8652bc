package org.damrelay.draughts.rules;

import java.util.List;

/**
 * International draughts (SWR art. 5-6): capturing is compulsory and the capture taking the most
 * pieces must be played, kings and men counting one each; among equal counts the player chooses.
 */
public final class InternationalMoveGenerator extends CompulsoryCapture {
    public InternationalMoveGenerator() {
        super(new CaptureSearch(Squares.DIAGONALS, Squares.DIAGONALS));
    }

    @Override
    void choosable(List<CaptureSearch.Found> found, List<Move> out) {
        int max = 0;
        for (CaptureSearch.Found f : found) max = Math.max(max, f.move().captureCount());
        for (CaptureSearch.Found f : found) if (f.move().captureCount() == max) out.add(f.move());
    }
}
