package org.damrelay.relay.arbiter;

import java.util.List;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.CandidatePath;
import org.damrelay.proto.Correction;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.game.GameFold;

/**
 * An arbiter's correction checked against the game as it stands and completed (the position after
 * it, the move as the rules read it): take back, replace a move, set a position, pick the path of
 * a join. A correction is an explicit record with an audit entry, never a silent rewrite, so one
 * that does not fit the game is refused with one line that names the move as the scoresheet does.
 */
final class Corrections {

    /** A correction ready to journal, with its audit entry's action and parameters. */
    record Checked(Correction.Builder correction, String action, AuditEntry.Builder what) {}

    private Corrections() { }

    /** @throws IllegalArgumentException (the arbiter's BAD_REQUEST) when it does not fit the game */
    static Checked check(GameFold live, String gameId, Correction c, String arbiter) {
        Correction.Builder b = c.toBuilder().setArbiter(arbiter);
        String action;
        AuditEntry.Builder what;
        switch (c.getKind()) {
            // ply numbers as in arbiter-events.md (1 = white's first move); the fold counts plies played
            case TAKE_BACK -> {
                if (live.countAt(c.getPly()) > live.plyCount()) {
                    throw new IllegalArgumentException("cannot take back to after " + moveName(c.getPly()) + ": " + lastMove(live));
                }
                b.setFen(Fen.write(live.positionAfter(live.countAt(c.getPly()))));
                action = "TAKE_BACK to ply " + c.getPly();
                what = BookEntries.what(AuditEntry.Kind.TAKE_BACK).setPly(c.getPly());
            }
            case REPLACE_MOVE -> {
                int count = live.countAt(c.getPly());
                // the ply after the last one appends: the arbiter enters moves from a paper scoresheet
                if (count < 1 || count > live.plyCount() + 1) {
                    throw new IllegalArgumentException("no " + moveName(c.getPly()) + " to replace: " + (live.plyCount() == 0
                            ? "the game has no move yet (the first one appends)"
                            : "the game has " + moveName(live.plyNumber(1)) + " to " + moveName(BookEntries.lastPly(live)) + " (the move after it appends)"));
                }
                Game base = live.game().truncate(count - 1);
                Position before = base.position();
                Move m = GameWire.move(c.getMove());
                if (!base.isLegal(m)) {
                    throw new IllegalArgumentException(m + " is not a legal move as " + moveName(c.getPly())
                            + " (" + Fen.write(before) + "); set the position for an irregular one");
                }
                Move played = c.getMove().getPathCount() > 2 ? m : base.play(m).plies().get(count - 1).move();
                b.setMove(GameWire.move(played)).setNotation(Notation.of(before, played, base.variant()))
                        .setFen(Fen.write(before.apply(played)));
                action = "REPLACE_MOVE ply " + c.getPly() + " by " + b.getNotation();
                what = BookEntries.what(AuditEntry.Kind.REPLACE_MOVE).setPly(c.getPly()).setValue(b.getNotation());
            }
            case SET_POSITION -> {
                Position p = Fen.parse(c.getFen());
                int ply = c.getPly() == 0 ? live.plyNumber(live.plyCount()) : c.getPly();
                if (live.countAt(ply) > live.plyCount()) throw new IllegalArgumentException("no " + moveName(ply) + ": " + lastMove(live));
                if (p.equals(live.positionAfter(live.countAt(ply)))) {
                    throw new IllegalArgumentException("the position after " + moveName(ply) + " is already " + Fen.write(p) + ": nothing to set");
                }
                b.setPly(ply).setFen(Fen.write(p));
                action = "SET_POSITION after ply " + ply + ": " + b.getFen();
                what = BookEntries.what(AuditEntry.Kind.SET_POSITION).setPly(ply).setValue(b.getFen());
            }
            case CHOOSE_PATH -> {
                List<CandidatePath> paths = live.pendingPaths();
                if (paths.isEmpty()) throw new IllegalArgumentException("no join of game " + gameId + " waits for a path to be picked");
                if (c.getPath() < 1 || c.getPath() > paths.size()) {
                    throw new IllegalArgumentException("path " + c.getPath() + ": the join named paths 1.." + paths.size());
                }
                CandidatePath chosen = paths.get(c.getPath() - 1);
                int at = live.joinedAtCount();
                Game g2 = live.game().truncate(at - 1);
                for (MoveData md : chosen.getMovesList()) g2 = g2.play(GameWire.move(md));
                if (!g2.position().equals(live.positionAfter(at))) {
                    throw new IllegalArgumentException("path " + c.getPath() + " (" + chosen.getNotation() + ") leaves "
                            + Fen.write(g2.position()) + ", but the game went on from " + Fen.write(live.positionAfter(at)));
                }
                b.setPly(live.plyNumber(at)).clearPathMoves().addAllPathMoves(chosen.getMovesList());
                action = "CHOOSE_PATH " + chosen.getNotation() + " for the moves made while no driver read the board";
                what = BookEntries.what(AuditEntry.Kind.PATH_CHOSEN).setPly(live.plyNumber(at)).setValue(chosen.getNotation());
            }
            default -> throw new IllegalArgumentException("correction needs a kind: TAKE_BACK, REPLACE_MOVE, SET_POSITION or CHOOSE_PATH");
        }
        return new Checked(b, action, what);
    }

    /**
     * A ply as the scoresheet and the arbiter name it: "move 18 (black)" (ply 1 = white's first move, so
     * the parity is the colour whatever the start), "the start position" for 0. For the messages a person reads.
     */
    static String moveName(int ply) {
        return ply <= 0 ? "the start position" : "move " + (ply + 1) / 2 + " (" + (ply % 2 == 1 ? "white" : "black") + ")";
    }

    private static String lastMove(GameFold live) {
        return live.plyCount() == 0 ? "the game has no move yet" : "the last move is " + moveName(BookEntries.lastPly(live));
    }
}
