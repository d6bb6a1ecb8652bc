package org.damrelay.relay.game;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Reach;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.CandidatePath;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.Side;
import org.damrelay.proto.wire.GameWire;

/**
 * What a driver's JOINED_MID_GAME means for the game the relay holds (issue 21): the position it
 * saw is the game's own when its pieces are where they stand; the moves made while no driver read
 * the board when one path of one to three legal plies ({@link Reach}) leads there; a position to
 * continue from, naming the candidates for the arbiter to pick, when several do; and where none
 * does, the game starts there (the relay had no move of it) or continues from it. A board is never
 * blocked for a position its own history explains, and no move is made up that no path explains.
 */
public final class Joins {

    private Joins() {}

    /**
     * @param moves  the moves to record first, in order (one path), canonical as checked MOVEs
     * @param joined the JOINED_MID_GAME to record after them, with the side to move where it is
     *               known and the candidate paths when several fit; its text says what the relay did
     */
    public record Plan(List<GameEvent> moves, GameEvent joined) {}

    /** Null when {@code e} carries no position (a driver of before v1.3): it is taken as it is. */
    public static Plan plan(GameFold game, GameEvent e) {
        if (e.getFen().isBlank()) return null;
        Position seen;
        try {
            seen = Fen.parse(e.getFen());
        } catch (IllegalArgumentException bad) {
            return null; // EventCheck refuses it as malformed... an info event: taken without a position
        }
        GameEvent.Builder joined = e.toBuilder().clearPaths();
        Color side = e.getSide() == Side.SIDE_UNSPECIFIED ? null : e.getSide() == Side.WHITE ? Color.WHITE : Color.BLACK;
        Game now = game.game();
        if (Reach.samePieces(seen, now.position())) {
            return new Plan(List.of(), joined.setFen(Fen.write(now.position())).setSide(GameWire.side(now.sideToMove()))
                    .setText("a driver read the board again: it shows the position the game stands at").build());
        }
        List<Reach.Path> paths = Reach.pathsTo(now, seen).stream()
                .filter(p -> side == null || p.position().sideToMove() == side).toList();
        if (paths.size() == 1) {
            List<GameEvent> moves = new ArrayList<>();
            Game at = now;
            for (Move m : paths.get(0).moves()) {
                moves.add(EventCheck.relayMove(at, m, e.getCaptureTimeMs(), "made while no driver read the board"));
                at = at.play(m);
            }
            return new Plan(moves, joined.setFen(Fen.write(at.position())).setSide(GameWire.side(at.sideToMove()))
                    .setText("a driver read the board " + moves.size() + (moves.size() == 1 ? " ply" : " plies") + " after the game's last move: "
                            + paths.get(0) + " recorded as the moves made meanwhile").build());
        }
        Color toMove = side != null ? side : Reach.sideToMoveAfter(paths);
        Position at = toMove == null ? seen : seen.withSideToMove(toMove);
        joined.setFen(Fen.write(at)).setSide(toMove == null ? Side.SIDE_UNSPECIFIED : GameWire.side(toMove));
        if (paths.size() > 1) {
            for (Reach.Path p : paths) {
                CandidatePath.Builder c = CandidatePath.newBuilder().setNotation(p.toString());
                for (Move m : p.moves()) c.addMoves(GameWire.move(m));
                joined.addPaths(c);
            }
            StringBuilder named = new StringBuilder();
            for (int i = 0; i < paths.size(); i++) named.append(i == 0 ? "" : ", ").append(i + 1).append(": ").append(paths.get(i));
            return new Plan(List.of(), joined.setText("a driver read the board after moves nobody saw, and " + paths.size()
                    + " paths lead there (" + named + "): the game continues from the position seen; pick the path that was played"
                    + " to record its moves").build());
        }
        if (now.ply() == 0 && game.plyCount() == 0) {
            return new Plan(List.of(), joined.setText("the board was first read with the game under way: the record starts from the position seen").build());
        }
        return new Plan(List.of(), joined.setUnexplained(true).setText("a driver read the board at a position no one to three legal moves"
                + " from the game's last position explain: the game continues from the position seen; check the board and the scoresheets").build());
    }
}
