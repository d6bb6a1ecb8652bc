package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.arbiter.Rulebook;

/**
 * Reads a settled board that no legal move explains as one irregular move of SWR 7.2, when it
 * is one: a piece went from one square to another with some or no enemy pieces gone, pieces
 * left the board, or a piece of the side not to move was moved. Anything else is no move at all
 * (the caller reports POSITION_UNKNOWN and invents nothing).
 */
final class IrregularClassifier {
    private final Variant variant;

    IrregularClassifier(Variant variant) {
        this.variant = variant;
    }

    /**
     * @param p            the game position before
     * @param legal        its legal moves
     * @param seen         what the board shows now
     * @param otherJustMoved the side not to move made the last move and has not pressed the clock
     *                       since (then another move of its pieces is its second move, not the
     *                       opponent moving a piece of the wrong colour)
     */
    IrregularMove classify(Position p, List<Move> legal, Occupancy seen, boolean otherJustMoved) {
        if (seen.unknown() != 0 || seen.strays() != 0) return null;
        Color mover = p.sideToMove(), other = mover.opposite();
        long lostMover = p.pieces(mover) & ~seen.pieces(mover), gainedMover = seen.pieces(mover) & ~p.pieces(mover);
        long lostOther = p.pieces(other) & ~seen.pieces(other), gainedOther = seen.pieces(other) & ~p.pieces(other);

        if (Long.bitCount(lostMover) == 1 && Long.bitCount(gainedMover) == 1 && gainedOther == 0) {
            return pieceMoved(p, legal, mover, Bits.first(lostMover), Bits.first(gainedMover), lostOther);
        }
        if (lostMover == 0 && gainedMover == 0 && Long.bitCount(lostOther) == 1 && Long.bitCount(gainedOther) == 1) {
            int a = Bits.first(lostOther), b = Bits.first(gainedOther);
            Position after = place(p, a, b, 0L).withSideToMove(other);
            Move m = Move.quiet(a, b);
            boolean aNormalMove = variant.legalMoves(p.withSideToMove(other)).contains(m);
            if (aNormalMove && otherJustMoved) {
                return new IrregularMove(IllegalKind.MOVED_TWICE, other, m, after.withSideToMove(mover), List.of(a, b),
                        Rulebook.name(other) + " moved twice in a row: " + a + "-" + b);
            }
            return new IrregularMove(IllegalKind.OPPONENT_PIECE_MOVED, mover, m, after, List.of(a, b),
                    Rulebook.name(mover) + " moved a " + Rulebook.name(other).toLowerCase() + " piece: " + a + "-" + b);
        }
        if (gainedMover == 0 && gainedOther == 0 && (lostMover | lostOther) != 0) {
            long lost = lostMover | lostOther;
            Position after = p;
            for (long l = lost; l != 0; l &= l - 1) after = after.with(Bits.first(l), null);
            return new IrregularMove(IllegalKind.REMOVED_WITHOUT_CAPTURE, mover, null, after.withSideToMove(other),
                    Bits.squares(lost), "pieces left the board without a capture: " + Bits.squares(lost));
        }
        return null;
    }

    private IrregularMove pieceMoved(Position p, List<Move> legal, Color mover, int a, int b, long removed) {
        Position after = place(p, a, b, removed).withSideToMove(mover.opposite());
        List<Integer> squares = new ArrayList<>(List.of(a, b));
        squares.addAll(Bits.squares(removed));
        boolean captureDue = !legal.isEmpty() && legal.get(0).isCapture();
        List<Move> captures = CapturePaths.from(p, a, variant);
        String who = Rulebook.name(mover);
        if (removed != 0) {
            Move exact = captures.stream().filter(m -> m.to() == b && m.captured() == removed).findFirst().orElse(null);
            if (exact != null) {
                if (variant == Variant.FRISIAN) return frisianNotMostValuable(p, legal, exact, after, squares, who);
                return new IrregularMove(IllegalKind.CAPTURE_NOT_MAXIMAL, mover, exact, after, squares,
                        who + " captured " + exact.captureCount() + " where " + legal.get(0).captureCount() + " was the maximum: " + a + "x" + b);
            }
            Move intended = captures.stream().filter(m -> m.to() == b).findFirst().orElse(null);
            if (intended != null) {
                return new IrregularMove(IllegalKind.WRONG_PIECES_REMOVED, mover, new Move(a, b, removed, List.of(a, b)), after, squares,
                        who + " captured " + a + "x" + b + " and removed " + Bits.squares(removed) + " instead of " + intended.capturedSquares());
            }
            return new IrregularMove(IllegalKind.REMOVED_WITHOUT_CAPTURE, mover, new Move(a, b, removed, List.of(a, b)), after, squares,
                    who + " moved " + a + "-" + b + " and removed " + Bits.squares(removed) + " without a capture");
        }
        Move quiet = Move.quiet(a, b);
        if (captureDue) {
            if (captures.stream().anyMatch(m -> m.to() == b)) {
                return new IrregularMove(IllegalKind.WRONG_PIECES_REMOVED, mover, quiet, after, squares,
                        who + " captured " + a + "x" + b + " but removed no pieces");
            }
            if (isStep(p, a, b)) {
                return new IrregularMove(IllegalKind.CAPTURE_MISSED, mover, quiet, after, squares,
                        who + " played " + a + "-" + b + " while a capture was compulsory (" + legal.get(0) + ")");
            }
        }
        return new IrregularMove(IllegalKind.OTHER, mover, quiet, after, squares, who + " played " + a + "-" + b + ", which is no legal move");
    }

    /**
     * Frisian: the capture of most value is compulsory, a king counting more than a man and less
     * than two (art. 11); at equal value the king must capture (art. 12).
     */
    private static IrregularMove frisianNotMostValuable(Position p, List<Move> legal, Move played, Position after,
            List<Integer> squares, String who) {
        Move best = legal.get(0);
        String took = who + " captured " + worth(p, played.captured()) + " (" + played.from() + "x" + played.to() + ")";
        if (value(p, played.captured()) == value(p, best.captured()) && !p.pieceAt(played.from()).isKing()) {
            return new IrregularMove(IllegalKind.CAPTURE_NOT_MAXIMAL, p.sideToMove(), played, after, squares,
                    took + " with a man where a king could capture as much (" + best + "): at equal value the king must capture",
                    "Frisian 12");
        }
        return new IrregularMove(IllegalKind.CAPTURE_NOT_MAXIMAL, p.sideToMove(), played, after, squares,
                took + " where " + worth(p, best.captured()) + " could be captured (" + best
                        + "): the capture of most value is compulsory, a king worth more than one man and less than two");
    }

    /** Frisian capture value: N kings are worth less than 2N men and more than 2N-1. */
    private static int value(Position p, long captured) {
        int kings = Long.bitCount(captured & (p.kings(Color.WHITE) | p.kings(Color.BLACK)));
        int men = Long.bitCount(captured) - kings;
        return (2 * kings + men) * 64 - kings;
    }

    private static String worth(Position p, long captured) {
        int kings = Long.bitCount(captured & (p.kings(Color.WHITE) | p.kings(Color.BLACK)));
        int men = Long.bitCount(captured) - kings;
        String k = kings == 0 ? "" : kings + (kings == 1 ? " king" : " kings");
        String m = men == 0 ? "" : men + (men == 1 ? " man" : " men");
        return k.isEmpty() ? m : m.isEmpty() ? k : k + " and " + m;
    }

    /** A plain move shape: a man one square forward, a king along an empty diagonal. */
    private static boolean isStep(Position p, int a, int b) {
        Piece piece = p.pieceAt(a);
        int[] dirs = piece.isKing() ? Squares.DIAGONALS : Squares.forward(piece.color());
        for (int d : dirs) {
            for (int s : Squares.ray(a, d)) {
                if (s == b) return true;
                if (!p.isEmpty(s) || !piece.isKing()) break;
            }
        }
        return false;
    }

    /** The piece on a goes to b (promoting a man that stops on its far row), removed pieces leave. */
    private static Position place(Position p, int a, int b, long removed) {
        Piece piece = p.pieceAt(a);
        Position q = p.with(a, null);
        for (long r = removed; r != 0; r &= r - 1) q = q.with(Bits.first(r), null);
        if (!piece.isKing() && Squares.isPromotionSquare(b, piece.color())) piece = piece.crowned();
        return q.with(b, piece);
    }
}
