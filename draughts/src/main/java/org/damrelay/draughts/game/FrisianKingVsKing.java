package org.damrelay.draughts.game;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * Frisian art. 21: with exactly one king each the game is a draw, unless one of the kings can be
 * taken or the side to move is forced to put its king where it can be taken. Then play goes on
 * until that is settled; the check repeats after every ply.
 */
final class FrisianKingVsKing {
    private FrisianKingVsKing() {}

    static boolean isDraw(Position p) {
        Material m = Material.of(p);
        if (!m.isLoneKing(p.sideToMove()) || !m.isLoneKing(p.sideToMove().opposite())) return false;
        List<Move> moves = Variant.FRISIAN.legalMoves(p);
        if (moves.isEmpty() || moves.get(0).isCapture()) return false;
        if (canCapture(p.withSideToMove(p.sideToMove().opposite()))) return false; // our king stands en prise
        for (Move m2 : moves) {
            if (!canCapture(p.apply(m2))) return true; // a safe move exists
        }
        return false; // every move walks into a capture
    }

    private static boolean canCapture(Position p) {
        List<Move> moves = Variant.FRISIAN.legalMoves(p);
        return !moves.isEmpty() && moves.get(0).isCapture();
    }
}
