package org.damrelay.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * Legal international move sequences for load, reproducible from a seed. Every move comes from
 * {@link Variant#legalMoves}, so the relay's rules check accepts them all.
 */
public final class Lines {

    private Lines() {}

    /**
     * A line of at most {@code maxPlies} plies. Quiet moves are preferred to captures when the
     * rules allow a choice (they never do when a capture is possible), which only matters for
     * how long the line runs before one side has no move.
     */
    public static List<Move> line(long seed, int maxPlies) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Move> out = new ArrayList<>();
        Position p = Position.start();
        while (out.size() < maxPlies) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            if (legal.isEmpty()) break;
            Move m = legal.get(rnd.nextInt(legal.size()));
            out.add(m);
            p = p.apply(m);
        }
        return out;
    }

    /** The longest of {@code tries} seeded lines: load runs need games that do not end early. */
    public static List<Move> longLine(long seed, int maxPlies, int tries) {
        List<Move> best = List.of();
        for (int i = 0; i < tries && best.size() < maxPlies; i++) {
            List<Move> l = line(seed * 1_000_003L + i, maxPlies);
            if (l.size() > best.size()) best = l;
        }
        return best;
    }
}
