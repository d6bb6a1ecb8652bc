package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;

/**
 * Promoted men the sensor does not yet show crowned (SWR 3.3-3.4, manual 4.4): they are kings in
 * the game all the same; the arbiter is reminded once when their owner is to move again, and
 * told when the crown arrives. A crown put on with the move and reported a scan later (after a
 * press) counts as crowned at once.
 */
final class CrownWatch {
    private final long atOnceMs;
    private long uncrowned;
    private long reminded;
    private long promotedAt = Long.MIN_VALUE / 2;
    private int promotedSquare;

    CrownWatch(long atOnceMs) {
        this.atOnceMs = atOnceMs;
    }

    boolean isUncrowned(int square) {
        return (uncrowned & (1L << square)) != 0;
    }

    /** A move was committed; {@code promoted} when a man stopped on the far row, {@code crownSeen} when the sensor shows the crown. */
    void moved(Move m, boolean promoted, boolean crownSeen, long t) {
        long from = 1L << m.from(), to = 1L << m.to();
        if ((uncrowned & from) != 0) {
            // Played uncrowned: the arbiter has been told with the move, no reminder for its new square.
            uncrowned = (uncrowned & ~from) | to;
            reminded |= to;
        }
        uncrowned &= ~m.captured();
        reminded &= ~m.captured();
        if (promoted && !crownSeen) {
            uncrowned |= to;
            promotedAt = t;
            promotedSquare = m.to();
        }
    }

    /** After a takeback or an irregular move: forget squares where the game no longer has a king. */
    void keepOnly(long kings) {
        uncrowned &= kings;
        reminded &= kings;
    }

    /** Uncrowned kings among these pieces (the side to move) not yet reminded of; they count as reminded now. */
    List<Integer> remind(long pieces) {
        long due = uncrowned & pieces & ~reminded;
        reminded |= due;
        return Bits.squares(due);
    }

    /** Uncrowned kings the sensor now shows crowned, for KING_CROWNED (not those crowned at once). */
    List<Integer> crowned(long crownedSeen, long t) {
        long now = uncrowned & crownedSeen;
        List<Integer> out = new ArrayList<>();
        for (int s : Bits.squares(now)) {
            uncrowned &= ~(1L << s);
            reminded &= ~(1L << s);
            if (s == promotedSquare && t - promotedAt <= atOnceMs) continue;
            out.add(s);
        }
        return out;
    }
}
