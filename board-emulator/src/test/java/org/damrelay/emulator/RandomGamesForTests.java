package org.damrelay.emulator;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/** Random legal games for tests in other packages. */
public final class RandomGamesForTests {
    private RandomGamesForTests() {}

    public static List<Move> play(long seed, int maxPlies) {
        return RandomGames.play(Position.start(), seed, maxPlies);
    }
}
