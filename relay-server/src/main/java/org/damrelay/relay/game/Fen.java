package org.damrelay.relay.game;

import java.util.StringJoiner;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

/**
 * PDN FEN ({@code W:W31,32,K46:B1,2}) for the relay. A thin adapter until
 * org.damrelay.draughts.notation lands on this branch; then this delegates to it.
 */
public final class Fen {

    private Fen() {}

    public static String write(Position p) {
        return (p.sideToMove() == Color.WHITE ? "W" : "B") + ":W" + side(p, Color.WHITE) + ":B" + side(p, Color.BLACK);
    }

    private static String side(Position p, Color c) {
        StringJoiner j = new StringJoiner(",");
        for (int s = 1; s <= Squares.COUNT; s++) {
            Piece piece = p.pieceAt(s);
            if (piece != null && piece.color() == c) j.add((piece.isKing() ? "K" : "") + s);
        }
        return j.toString();
    }

    /** Parses {@code W:W31,32,K46:B1-20}; ranges and a trailing '.' are accepted. */
    public static Position parse(String fen) {
        if (fen == null || fen.isBlank()) throw new IllegalArgumentException("empty FEN");
        String text = fen.trim().replace("\"", "");
        if (text.endsWith(".")) text = text.substring(0, text.length() - 1);
        String[] parts = text.split(":");
        if (parts.length < 1 || !(parts[0].equals("W") || parts[0].equals("B"))) {
            throw new IllegalArgumentException("FEN \"" + fen + "\" must start with W: or B:");
        }
        Position p = Position.empty(parts[0].equals("W") ? Color.WHITE : Color.BLACK);
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty()) continue;
            Color c = switch (part.charAt(0)) {
                case 'W' -> Color.WHITE;
                case 'B' -> Color.BLACK;
                default -> throw new IllegalArgumentException("FEN \"" + fen + "\": side \"" + part + "\" must start with W or B");
            };
            String list = part.substring(1);
            if (list.isBlank()) continue;
            for (String item : list.split(",")) {
                String t = item.trim();
                boolean king = t.startsWith("K");
                if (king) t = t.substring(1);
                try {
                    String[] range = t.split("-");
                    int from = Integer.parseInt(range[0]), to = range.length > 1 ? Integer.parseInt(range[1]) : from;
                    for (int s = from; s <= to; s++) {
                        if (!Squares.isValid(s)) throw new IllegalArgumentException("no square " + s);
                        if (!p.isEmpty(s)) throw new IllegalArgumentException("square " + s + " given twice");
                        p = p.with(s, Piece.of(c, king));
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("FEN \"" + fen + "\": \"" + item + "\" is not a square");
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("FEN \"" + fen + "\": " + e.getMessage());
                }
            }
        }
        return p;
    }
}
