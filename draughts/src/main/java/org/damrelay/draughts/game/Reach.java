package org.damrelay.draughts.game;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * The positions a game reaches in a few legal plies, with the paths that reach them: what a board
 * shows after moves nobody saw (a driver started or restarted while the players played on). Both
 * the driver and the relay ask it, so they agree on what a board's own history explains.
 */
public final class Reach {
    /** How far a board may have gone while nobody read it: beyond this the arbiter looks. */
    public static final int MAX_PLIES = 3;

    private Reach() {}

    /**
     * One way to get there: the moves in order and the game after them.
     *
     * @param moves at least one legal move, each from the position the previous one left
     * @param game  the game with those moves played (history rules such as Frisian art. 17 held)
     */
    public record Path(List<Move> moves, Game game) {
        public Path {
            moves = List.copyOf(moves);
            if (moves.isEmpty()) throw new IllegalArgumentException("a path has at least one move");
        }

        public Position position() {
            return game.position();
        }

        /** "32-28 19-23 28x19", for the arbiter. */
        @Override
        public String toString() {
            return moves.stream().map(Move::toString).collect(Collectors.joining(" "));
        }
    }

    /**
     * Every path of 1 to {@code maxPlies} legal plies from where {@code from} stands to a position
     * {@code target} accepts, shortest first. A path stops at its first accepted position (going on
     * from there is a longer game that shows the same thing, not another explanation of it).
     */
    public static List<Path> paths(Game from, Predicate<Position> target, int maxPlies) {
        if (maxPlies < 1) throw new IllegalArgumentException("maxPlies must be at least 1: " + maxPlies);
        List<Path> found = new ArrayList<>();
        List<Path> frontier = new ArrayList<>();
        for (Move m : from.legalMoves()) frontier.add(new Path(List.of(m), from.play(m)));
        for (int depth = 1; depth <= maxPlies && !frontier.isEmpty(); depth++) {
            List<Path> next = new ArrayList<>();
            for (Path p : frontier) {
                if (target.test(p.position())) {
                    found.add(p);
                } else if (depth < maxPlies) {
                    for (Move m : p.game().legalMoves()) {
                        List<Move> moves = new ArrayList<>(p.moves());
                        moves.add(m);
                        next.add(new Path(moves, p.game().play(m)));
                    }
                }
            }
            frontier = next;
        }
        return found;
    }

    /** The paths of 1 to {@link #MAX_PLIES} plies to a position with {@code seen}'s pieces (a board does not show who is to move). */
    public static List<Path> pathsTo(Game from, Position seen) {
        return paths(from, p -> samePieces(p, seen), MAX_PLIES);
    }

    /**
     * The same pieces on the same squares as a board shows them: colours and occupancy. A crown is
     * not compared (a promoted man is a king whether or not it is crowned yet), nor the side to move.
     */
    public static boolean samePieces(Position a, Position b) {
        return a.pieces(Color.WHITE) == b.pieces(Color.WHITE) && a.pieces(Color.BLACK) == b.pieces(Color.BLACK);
    }

    /** The side to move after every one of {@code paths}, or null when they disagree (or there are none). */
    public static Color sideToMoveAfter(List<Path> paths) {
        Color side = null;
        for (Path p : paths) {
            Color c = p.position().sideToMove();
            if (side != null && side != c) return null;
            side = c;
        }
        return side;
    }
}
