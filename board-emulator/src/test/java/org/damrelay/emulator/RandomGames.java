package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/** Legal games by random choice: plenty of multi-captures and kings, bounded in length. */
final class RandomGames {
    private RandomGames() {}

    static List<Move> play(Position start, long seed, int maxPlies) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Move> moves = new ArrayList<>();
        Position p = start;
        for (int i = 0; i < maxPlies; i++) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            if (legal.isEmpty()) break;
            Move m = legal.get(rnd.nextInt(legal.size()));
            moves.add(m);
            p = p.apply(m);
        }
        return moves;
    }
}
