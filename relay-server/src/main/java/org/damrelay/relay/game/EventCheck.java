package org.damrelay.relay.game;

import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.IllegalMoveException;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IngestError.Code;
import org.damrelay.proto.Side;
import org.damrelay.proto.wire.GameWire;

/**
 * Checks a driver event against the stored game with the game model (legal moves with the
 * game's history, so Frisian art. 17 holds), and puts an accepted one in canonical form (our ply
 * number, 1 = white's first move; side, path, notation, FEN, and the draw counts running after
 * it), so every later reader folds the same thing. An irregular move that stood is never refused:
 * it must come as ILLEGAL_MOVE with the position it led to.
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
            default -> new Verdict.Accepted(withDraws(e.toBuilder().setPly(e.getPly() != 0 || game.plyCount() == 0 ? e.getPly()
                    : game.plyNumber(game.plyCount())), game.game()).build());
        };
    }

    /** A move made from the position after {@code basePly} plies. */
    private static Verdict move(GameFold game, GameEvent e, int basePly) {
        if (!e.hasMove()) return Verdict.refuse(Code.MALFORMED, e.getType() + " without a move");
        Move claimed;
        try {
            claimed = GameWire.move(e.getMove());
        } catch (IllegalArgumentException ex) {
            return Verdict.refuse(Code.MALFORMED, e.getType() + ": " + ex.getMessage());
        }
        // after a join whose side to move was open, the mover's side says it
        Game base = basePly == game.plyCount() ? game.gameFor(e.getSide()) : game.game().truncate(basePly);
        Position before = base.position();
        Game played;
        try {
            played = base.play(claimed);
        } catch (IllegalMoveException ex) {
            // the game model says why: the legal moves, or the rule that forbids this one (Frisian art. 17)
            return Verdict.refuse(Code.MOVE_REFUSED, "move " + describe(claimed) + " at ply " + GameWire.plyNumber(base.startPosition(), basePly + 1)
                    + " cannot follow " + Fen.write(before) + ": " + ex.getMessage() + "; an irregular move that stood"
                    + " must be sent as ILLEGAL_MOVE with its fen");
        }
        // checked once: folding this move, once accepted, takes this result (GameFold.checked)
        game.checked(base, played);
        // keep the driver's route when it is one (it is what the board showed), else the core's
        Move canonical = e.getMove().getPathCount() > 2 ? claimed : played.plies().get(basePly).move();
        Position after = played.position();
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
        return new Verdict.Accepted(withDraws(e.toBuilder().setPly(GameWire.plyNumber(base.startPosition(), basePly + 1)).setSide(GameWire.side(before.sideToMove()))
                .setMove(GameWire.move(canonical)).setNotation(Notation.of(before, canonical, base.variant()))
                .setFen(Fen.write(after)), played).build());
    }

    private static Verdict retract(GameFold game, GameEvent e) {
        if (game.plyCount() == 0) return Verdict.refuse(Code.MOVE_REFUSED, "MOVE_RETRACTED but no move has been played");
        Game back = game.game().truncate(game.plyCount() - 1);
        return new Verdict.Accepted(withDraws(e.toBuilder().setPly(game.plyNumber(game.plyCount())).setFen(Fen.write(back.position())),
                back).build());
    }

    private static Verdict illegal(GameFold game, GameEvent e) {
        if (e.getFen().isBlank()) return Verdict.refuse(Code.MALFORMED, "ILLEGAL_MOVE without the fen of the position it led to");
        Position after;
        try {
            after = Fen.parse(e.getFen());
        } catch (IllegalArgumentException ex) {
            return Verdict.refuse(Code.MALFORMED, "ILLEGAL_MOVE: " + ex.getMessage());
        }
        Game base = game.gameFor(e.getSide());
        if (after.equals(base.position())) {
            return Verdict.refuse(Code.MOVE_REFUSED, "ILLEGAL_MOVE to " + e.getFen() + ", the position it starts from: that is no move");
        }
        GameEvent.Builder b = e.toBuilder().setPly(GameWire.plyNumber(base.startPosition(), game.plyCount() + 1)).setFen(Fen.write(after));
        if (b.getSide() == Side.SIDE_UNSPECIFIED) b.setSide(GameWire.side(base.position().sideToMove()));
        if (b.getNotation().isBlank() && e.hasMove()) b.setNotation(e.getMove().getFrom() + "-" + e.getMove().getTo());
        return new Verdict.Accepted(withDraws(b, base.playIrregular(after)).build());
    }

    /**
     * A move the relay records itself (one of the moves a joined board's position shows were made
     * while no driver read it), in the canonical form of a checked MOVE.
     */
    static GameEvent relayMove(Game base, Move m, long timeMs, String text) {
        Game played = base.play(m);
        Move canonical = played.plies().get(base.ply()).move();
        return withDraws(GameEvent.newBuilder().setType(EventType.MOVE).setPly(GameWire.plyNumber(base.startPosition(), base.ply() + 1))
                .setSide(GameWire.side(base.sideToMove())).setCaptureTimeMs(timeMs).setText(text).setMove(GameWire.move(canonical))
                .setNotation(Notation.of(base.position(), canonical, base.variant())).setFen(Fen.write(played.position())), played).build();
    }

    /** The counts running in {@code after}: a count that ended is no longer in the list. */
    private static GameEvent.Builder withDraws(GameEvent.Builder b, Game after) {
        return b.clearDraws().addAllDraws(GameWire.draws(after.drawStatus(), after.startPosition()));
    }

    private static String describe(Move m) {
        return m + (m.isCapture() ? " taking " + m.capturedSquares() : "");
    }
}
