package org.damrelay.draughts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Random legal games (fixed seeds, bounded) checked against brute-force recomputation from the
 * history: the incremental state must be what the plies say.
 */
class GameInvariantsTest {
    private static final int GAMES = 40, MAX_PLIES = 160;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void incrementalStateMatchesTheHistory(Variant variant) {
        Random random = new Random(20261121L + variant.ordinal());
        int blockedSeen = 0, kingRunsSeen = 0;
        for (int game = 0; game < GAMES; game++) {
            Game g = Game.start(variant);
            while (g.ply() < MAX_PLIES && !g.legalMoves().isEmpty()) {
                if (checkArticle17(g)) blockedSeen++;
                g = g.play(g.legalMoves().get(random.nextInt(g.legalMoves().size())));
                assertEquals(occurrences(g), g.repetitions(), "repetitions at ply " + g.ply());
                if (variant == Variant.INTERNATIONAL) {
                    int kingPlies = trailingKingPlies(g);
                    if (kingPlies > 4) kingRunsSeen++;
                    assertEquals(kingPlies == 0 ? null : kingPlies,
                            g.drawStatus().count(DrawRule.TWENTY_FIVE_MOVES).map(MoveCount::plies).orElse(null),
                            "25-move count at ply " + g.ply());
                }
            }
            // a takeback and the same moves again give the same game, state and all
            int back = random.nextInt(g.ply() + 1);
            Game replayed = g.truncate(back);
            for (Ply p : g.plies().subList(back, g.ply())) replayed = replayed.play(p.move());
            assertEquals(g.plies(), replayed.plies());
            assertEquals(g.legalMoves(), replayed.legalMoves());
        }
        // the random games did reach the cases under test
        if (variant == Variant.FRISIAN) assertTrue(blockedSeen > 0, "no blocked king met");
        else assertTrue(kingRunsSeen > 0, "no run of king moves met");
    }

    private static int occurrences(Game g) {
        int n = g.startPosition().equals(g.position()) ? 1 : 0;
        for (Ply p : g.plies()) if (p.after().equals(g.position())) n++;
        return n;
    }

    private static int trailingKingPlies(Game g) {
        int n = 0;
        for (int i = g.ply(); i >= 1; i--) {
            Move m = g.plies().get(i - 1).move();
            if (m.isCapture() || !g.positionBefore(i).pieceAt(m.from()).isKing()) break;
            n++;
        }
        return n;
    }

    /**
     * Frisian art. 17 from the history: when the side to move's last three moves were quiet moves
     * of one king (each starting where the last ended) and it still has men, that king may only capture.
     */
    private static boolean checkArticle17(Game g) {
        List<Move> all = g.variant().legalMoves(g.position());
        if (g.variant() != Variant.FRISIAN) {
            assertEquals(all, g.legalMoves());
            return false;
        }
        int blocked = 0;
        int last = g.ply() - 1; // the side to move's last ply
        if (last - 4 >= 1 && g.position().men(g.sideToMove()) != 0) {
            Move m1 = g.plies().get(last - 5).move(), m2 = g.plies().get(last - 3).move(), m3 = g.plies().get(last - 1).move();
            boolean quietKings = kingQuiet(g, last - 4) && kingQuiet(g, last - 2) && kingQuiet(g, last);
            if (quietKings && m1.to() == m2.from() && m2.to() == m3.from()) blocked = m3.to();
        }
        for (Move m : all) {
            boolean forbidden = blocked != 0 && m.from() == blocked && !m.isCapture();
            assertEquals(!forbidden, g.legalMoves().contains(m), m + " at ply " + g.ply());
        }
        assertTrue(all.containsAll(g.legalMoves()));
        return blocked != 0;
    }

    private static boolean kingQuiet(Game g, int ply) {
        Move m = g.plies().get(ply - 1).move();
        return !m.isCapture() && g.positionBefore(ply).pieceAt(m.from()).isKing();
    }
}
