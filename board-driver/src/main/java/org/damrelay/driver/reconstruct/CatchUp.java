package org.damrelay.driver.reconstruct;

import java.util.List;
import java.util.stream.Collectors;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

/**
 * What a board first read (a driver started or restarted while the players played on) says about
 * the game it should show: the moves nobody saw, when one to three legal plies explain it
 * ({@link Reach}), and whether it is a move caught half made, which is waited out rather than
 * joined on.
 */
final class CatchUp {
    private CatchUp() {}

    /** The paths of 1 to {@link Reach#MAX_PLIES} plies from where the game stands to what the board shows. */
    static List<Reach.Path> paths(Game game, Occupancy seen) {
        if (seen.unknown() != 0 || seen.strays() != 0) return List.of();
        return Reach.paths(game, seen::matches, Reach.MAX_PLIES);
    }

    /**
     * The board shows a move under way from the game's position or from one a ply or two beyond it:
     * it differs from the move's result only on the move's own squares (a piece in the hand, the
     * capturing piece landed with captured pieces still on). Not a position to join the game at.
     */
    static boolean halfMade(Game game, Occupancy seen) {
        if (seen.unknown() != 0 || seen.strays() != 0) return false;
        if (underway(game, seen)) return true;
        return !Reach.paths(game, p -> !seen.matches(p) && underway(Game.from(p, game.settings()), seen), Reach.MAX_PLIES - 1).isEmpty();
    }

    private static boolean underway(Game at, Occupancy seen) {
        Position p = at.position();
        if (seen.matches(p)) return false;
        for (Move m : at.legalMoves()) {
            Position q = p.apply(m);
            long differs = (seen.white() ^ q.pieces(Color.WHITE)) | (seen.black() ^ q.pieces(Color.BLACK));
            long own = m.captured() | Squares.bit(m.from()) | Squares.bit(m.to());
            for (int s : m.path()) own |= Squares.bit(s);
            if ((differs & ~own) == 0 && !seen.matches(q)) return true;
        }
        return false;
    }

    /** "32-28 19-24 31-27 or 31-27 19-24 32-28", for the arbiter. */
    static String describe(List<Reach.Path> paths) {
        return paths.stream().map(Reach.Path::toString).collect(Collectors.joining(" or "));
    }
}
