package org.damrelay.relay.game;

import org.damrelay.draughts.notation.Fen;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IngestError.Code;
import org.damrelay.proto.Side;

/**
 * Checks a driver event against the stored game with the rules core, and puts an accepted one in
 * canonical form (our ply number, 1 = white's first move; side, path, notation, FEN), so every later reader folds the
 * same thing. An irregular move that stood is never refused: it must come as ILLEGAL_MOVE with
 * the position it led to.
 */
public final class EventCheck {

    private EventCheck() {}

    public static Verdict check(GameFold game, GameEvent e) {
        if (e.getType() == EventType.EVENT_TYPE_UNSPECIFIED || e.getType() == EventType.UNRECOGNIZED) {
            return Verdict.refuse(Code.MALFORMED, "event without a type");
        }
        boolean changesPosition = switch (e.getType()) {
            case MOVE, MOVE_REPLACED, MOVE_RETRACTED, ILLEGAL_MOVE -> true;
            default -> false;
        };
        if (changesPosition && game.finished()) {
            return Verdict.refuse(Code.GAME_FINISHED, e.getType() + " after the result " + game.result()
                    + " was entered; only the arbiter can reopen the game");
        }
        return switch (e.getType()) {
            case MOVE -> move(game, e, game.plyCount());
            case MOVE_REPLACED -> game.plyCount() == 0
                    ? Verdict.refuse(Code.MOVE_REFUSED, "MOVE_REPLACED but no move has been played")
                    : move(game, e, game.plyCount() - 1);
            case MOVE_RETRACTED -> retract(game, e);
            case ILLEGAL_MOVE -> illegal(game, e);
            default -> new Verdict.Accepted(e.toBuilder().setPly(e.getPly() != 0 || game.plyCount() == 0 ? e.getPly()
                    : game.plyNumber(game.plyCount())).build());
        };
    }

    /** A move made from the position after {@code basePly} plies. */
    private static Verdict move(GameFold game, GameEvent e, int basePly) {
        if (!e.hasMove()) return Verdict.refuse(Code.MALFORMED, e.getType() + " without a move");
        Move claimed;
        try {
            claimed = Moves.toMove(e.getMove());
        } catch (IllegalArgumentException ex) {
            return Verdict.refuse(Code.MALFORMED, e.getType() + ": " + ex.getMessage());
        }
        Position before = game.positionAfter(basePly);
        Variant variant = game.variant();
        List<Move> legal = variant.legalMoves(before);
        Move played = null;
        for (Move m : legal) if (m.equals(claimed)) played = m;
        if (played == null) {
            return Verdict.refuse(Code.MOVE_REFUSED, "move " + describe(claimed) + " at ply " + game.plyNumber(basePly + 1)
                    + " cannot follow " + Fen.write(before) + " (legal: " + legal + "); an irregular move that stood"
                    + " must be sent as ILLEGAL_MOVE with its fen");
        }
        // keep the driver's route when it is one (it is what the board showed), else the core's
        Move canonical = e.getMove().getPathCount() > 2 ? claimed : played;
        Position after = before.apply(canonical);
        if (!e.getFen().isBlank()) {
            Position said;
            try {
                said = Fen.parse(e.getFen());
            } catch (IllegalArgumentException ex) {
                return Verdict.refuse(Code.MALFORMED, ex.getMessage());
            }
            if (!said.equals(after)) {
                return Verdict.refuse(Code.MOVE_REFUSED, "move " + describe(claimed) + " leads to " + Fen.write(after)
                        + " but the driver says " + e.getFen());
            }
        }
        return new Verdict.Accepted(e.toBuilder().setPly(game.plyNumber(basePly + 1)).setSide(side(before))
                .setMove(Moves.toData(canonical)).setNotation(Moves.notation(before, canonical, variant))
                .setFen(Fen.write(after)).build());
    }

    private static Verdict retract(GameFold game, GameEvent e) {
        if (game.plyCount() == 0) return Verdict.refuse(Code.MOVE_REFUSED, "MOVE_RETRACTED but no move has been played");
        Position back = game.positionAfter(game.plyCount() - 1);
        return new Verdict.Accepted(e.toBuilder().setPly(game.plyNumber(game.plyCount())).setFen(Fen.write(back)).build());
    }

    private static Verdict illegal(GameFold game, GameEvent e) {
        if (e.getFen().isBlank()) return Verdict.refuse(Code.MALFORMED, "ILLEGAL_MOVE without the fen of the position it led to");
        Position after;
        try {
            after = Fen.parse(e.getFen());
        } catch (IllegalArgumentException ex) {
            return Verdict.refuse(Code.MALFORMED, "ILLEGAL_MOVE: " + ex.getMessage());
        }
        GameEvent.Builder b = e.toBuilder().setPly(game.plyNumber(game.plyCount() + 1)).setFen(Fen.write(after));
        if (b.getSide() == Side.SIDE_UNSPECIFIED) b.setSide(side(game.position()));
        if (b.getNotation().isBlank() && e.hasMove()) b.setNotation(e.getMove().getFrom() + "-" + e.getMove().getTo());
        return new Verdict.Accepted(b.build());
    }

    private static Side side(Position p) {
        return p.sideToMove() == org.damrelay.draughts.rules.Color.WHITE ? Side.WHITE : Side.BLACK;
    }

    private static String describe(Move m) {
        return m + (m.isCapture() ? " taking " + m.capturedSquares() : "");
    }
}
