package org.damrelay.relay.engine;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/** Positions, moves and variants as the Hub protocol writes them. */
public final class HubBoard {

    private HubBoard() {}

    /** The side to move ('W' or 'B') and one character per square 1..50: w, b (men), W, B (kings), e (empty). */
    public static String position(Position p) {
        StringBuilder b = new StringBuilder(51);
        b.append(p.sideToMove() == Color.WHITE ? 'W' : 'B');
        for (int sq = 1; sq <= 50; sq++) {
            Piece piece = p.pieceAt(sq);
            if (piece == null) b.append('e');
            else {
                char c = piece.color() == Color.WHITE ? 'w' : 'b';
                b.append(piece.isKing() ? Character.toUpperCase(c) : c);
            }
        }
        return b.toString();
    }

    /**
     * A Hub move as spectators read it: a quiet move stays "32-28"; a capture, which Hub writes as
     * from x to x the captured squares ("28x19x23"), becomes "28x19". Null when it is no move.
     */
    public static String notation(String hub) {
        if (hub.matches("(0?[1-9]|[1-4][0-9]|50)-(0?[1-9]|[1-4][0-9]|50)")) return hub;
        if (hub.matches("(0?[1-9]|[1-4][0-9]|50)(x(0?[1-9]|[1-4][0-9]|50))+")) {
            String[] squares = hub.split("x");
            return squares.length >= 2 ? squares[0] + "x" + squares[1] : null;
        }
        return null;
    }

    /** A Hub line of moves in notation; it stops at the first that is no move (the rest cannot be trusted). */
    public static List<String> line(String pv) {
        List<String> out = new ArrayList<>();
        if (pv == null) return out;
        for (String m : pv.trim().split("\\s+")) {
            if (m.isEmpty()) continue;
            String n = notation(m);
            if (n == null) break;
            out.add(n);
        }
        return out;
    }

    /** The Hub name of a variant (the {@code variant} parameter's value): "normal" for international draughts. */
    public static String variant(Variant v) {
        return v == Variant.FRISIAN ? "frisian" : "normal";
    }
}
