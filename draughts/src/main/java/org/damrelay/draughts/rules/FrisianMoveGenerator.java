package org.damrelay.draughts.rules;

import java.util.List;

/**
 * Frisian draughts (seed 001 art. 7-14): men and kings capture along diagonals and orthogonals;
 * the most valuable capture must be taken, where N kings are worth less than 2N men and more
 * than 2N-1 men (art. 11); at equal value a king must capture if it can (art. 12). The limit on
 * consecutive king moves (art. 17) depends on history and is applied by {@code Game}.
 */
public final class FrisianMoveGenerator extends CompulsoryCapture {
    // A man is 100, a king 199: 1 man < 1 king < 2 men, and N kings lie in (2N-1, 2N) men for N < 100.
    static final int MAN_VALUE = 100, KING_VALUE = 199;

    public FrisianMoveGenerator() {
        super(new CaptureSearch(Squares.ALL_DIRECTIONS, Squares.ALL_DIRECTIONS));
    }

    @Override
    void choosable(List<CaptureSearch.Found> found, List<Move> out) {
        int best = 0;
        for (CaptureSearch.Found f : found) best = Math.max(best, value(f));
        boolean kingCanTakeBest = false;
        for (CaptureSearch.Found f : found) if (value(f) == best && f.byKing()) kingCanTakeBest = true;
        for (CaptureSearch.Found f : found) {
            if (value(f) == best && (f.byKing() || !kingCanTakeBest)) out.add(f.move());
        }
    }

    static int value(CaptureSearch.Found f) {
        int kings = f.kingsTaken();
        return (f.move().captureCount() - kings) * MAN_VALUE + kings * KING_VALUE;
    }
}
