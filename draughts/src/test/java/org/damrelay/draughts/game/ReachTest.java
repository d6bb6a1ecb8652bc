package org.damrelay.draughts.game;

import static org.damrelay.draughts.game.Positions.fen;
import static org.damrelay.draughts.game.Positions.play;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

class ReachTest {

    private static final Game START = Game.start(Variant.INTERNATIONAL);

    @Test
    void oneTwoAndThreePliesWithOnlyOneWayAreOnePath() {
        for (String moves : List.of("32-28", "32-28 19-23", "32-28 19-23 28x19")) {
            Game truth = play(START, moves);
            List<Reach.Path> paths = Reach.pathsTo(START, truth.position().withSideToMove(Color.WHITE));
            assertEquals(1, paths.size(), moves + ": " + paths);
            assertEquals(moves, paths.get(0).toString(), "the moves in order");
            assertEquals(truth.position(), paths.get(0).position(), "with the side to move the path leaves");
            assertEquals(truth.ply(), paths.get(0).game().ply());
        }
    }

    @Test
    void aTranspositionIsTwoPathsToTheSamePosition() {
        Game truth = play(START, "32-28 19-24 31-27");
        List<Reach.Path> paths = Reach.pathsTo(START, truth.position());
        assertEquals(Set.of("32-28 19-24 31-27", "31-27 19-24 32-28"),
                paths.stream().map(Reach.Path::toString).collect(Collectors.toSet()));
        assertEquals(Color.BLACK, Reach.sideToMoveAfter(paths), "both leave black to move");
    }

    @Test
    void continuesFromAGameUnderWayWithItsHistory() {
        Game under = play(START, "32-28 19-23 28x19 14x23");
        Game truth = play(under, "37-32 10-14");
        List<Reach.Path> paths = Reach.pathsTo(under, truth.position());
        assertEquals(1, paths.size());
        assertEquals(6, paths.get(0).game().ply(), "the plies carry on from the game's");
        assertEquals(truth.position(), paths.get(0).position());
    }

    @Test
    void aPositionNoThreePliesReachAreNoPath() {
        Game far = play(START, "32-28 19-23 28x19 14x23");
        assertTrue(Reach.pathsTo(START, far.position()).isEmpty(), "four plies away");
        assertTrue(Reach.pathsTo(START, fen("W:W28:B18")).isEmpty());
        assertTrue(Reach.pathsTo(START, START.position()).isEmpty(), "standing still is no path");
        assertNull(Reach.sideToMoveAfter(List.of()));
    }

    @Test
    void pathsOfDifferentLengthsLeaveTheSideToMoveOpen() {
        // the white king straight to 28 and a black reply (2 plies), or to 28 in two steps around
        // the same reply (3 plies): the same pieces, but then the other side is to move
        Game g = Game.from(fen("W:WK46:BK1"), Variant.INTERNATIONAL);
        List<Reach.Path> paths = Reach.pathsTo(g, fen("W:WK28:BK7"));
        assertTrue(paths.stream().anyMatch(p -> p.toString().equals("46-28 1-7")), paths.toString());
        assertTrue(paths.stream().anyMatch(p -> p.toString().equals("46-37 1-7 37-28")), paths.toString());
        assertEquals(2, paths.get(0).moves().size(), "shortest first");
        assertNull(Reach.sideToMoveAfter(paths), "one leaves white to move, the other black");
    }

    @Test
    void comparesPiecesAsABoardShowsThem() {
        Position p = fen("W:WK28,32:B19");
        assertTrue(Reach.samePieces(p, fen("B:W28,32:B19")), "no crown, other side to move: the same board");
        assertFalse(Reach.samePieces(p, fen("W:W28,33:B19")));
        assertFalse(Reach.samePieces(p, p.with(19, Piece.WHITE_MAN)), "the colour counts");
        assertThrows(IllegalArgumentException.class, () -> Reach.paths(START, x -> true, 0));
    }
}
