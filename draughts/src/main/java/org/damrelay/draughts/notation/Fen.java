package org.damrelay.draughts.notation;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

/**
 * PDN 3.0 FEN for draughts: {@code W:W31-50:B1-20}. The first field is the side to move, then
 * one field per colour listing its squares, a {@code K} prefix marking a king, with ranges
 * ({@code 31-50}) allowed. Reading is lenient where real files vary (whitespace, a trailing dot,
 * extra fields such as {@code H0} or {@code F1}, lower case); writing is canonical.
 */
public final class Fen {
    public static final String START = "W:W31-50:B1-20";

    private Fen() {}

    public static Position parse(String fen) {
        if (fen == null) throw new FenException("FEN missing");
        String text = fen.strip();
        if (text.endsWith(".")) text = text.substring(0, text.length() - 1);
        String[] fields = text.split(":", -1);
        Color side = color(fields[0].strip(), fen, "side to move");
        Position p = Position.empty(side);
        boolean sawWhite = false, sawBlack = false;
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].strip();
            if (field.isEmpty()) continue;
            char tag = Character.toUpperCase(field.charAt(0));
            if (tag != 'W' && tag != 'B') continue; // extra fields (H halfmove clock, F move number, ...) carry no placement
            Color color = tag == 'W' ? Color.WHITE : Color.BLACK;
            if (color == Color.WHITE ? sawWhite : sawBlack) {
                throw new FenException("second " + color.name().toLowerCase() + " field \"" + field + "\" in \"" + fen + "\"");
            }
            if (color == Color.WHITE) sawWhite = true; else sawBlack = true;
            p = placeAll(p, color, field.substring(1), fen);
        }
        return p;
    }

    private static Color color(String token, String fen, String what) {
        if (token.equalsIgnoreCase("W")) return Color.WHITE;
        if (token.equalsIgnoreCase("B")) return Color.BLACK;
        throw new FenException(what + " \"" + token + "\" is neither W nor B in \"" + fen + "\"");
    }

    private static Position placeAll(Position p, Color color, String list, String fen) {
        for (String raw : list.split(",", -1)) {
            String item = raw.strip();
            if (item.isEmpty()) {
                if (list.isBlank()) continue;
                throw new FenException("empty square entry in \"" + fen + "\"");
            }
            boolean king = Character.toUpperCase(item.charAt(0)) == 'K';
            String squares = king ? item.substring(1).strip() : item;
            int dash = squares.indexOf('-');
            int first = square(dash < 0 ? squares : squares.substring(0, dash), item, fen);
            String upper = dash < 0 ? "" : squares.substring(dash + 1).strip();
            if (king && upper.toUpperCase().startsWith("K")) upper = upper.substring(1); // "K1-K3" as well as "K1-3"
            int last = dash < 0 ? first : square(upper, item, fen);
            if (last < first) throw new FenException("range \"" + item + "\" runs backwards in \"" + fen + "\"");
            for (int s = first; s <= last; s++) {
                if (p.pieceAt(s) != null) {
                    throw new FenException("square " + s + " given twice in \"" + fen + "\"");
                }
                p = p.with(s, Piece.of(color, king));
            }
        }
        return p;
    }

    private static int square(String digits, String item, String fen) {
        String d = digits.strip();
        if (d.isEmpty() || !d.chars().allMatch(Character::isDigit) || d.length() > 3) {
            throw new FenException("bad square \"" + item + "\" in \"" + fen + "\"");
        }
        int s = Integer.parseInt(d);
        if (!Squares.isValid(s)) throw new FenException("square " + s + " out of range in \"" + fen + "\"");
        return s;
    }

    /** The canonical FEN: ascending squares, men and kings merged in order, ranges where they shorten. */
    public static String write(Position p) {
        return (p.sideToMove() == Color.WHITE ? "W" : "B")
                + ":W" + side(p, Color.WHITE)
                + ":B" + side(p, Color.BLACK);
    }

    private static String side(Position p, Color color) {
        List<String> items = new ArrayList<>();
        int s = 1;
        while (s <= Squares.COUNT) {
            Piece piece = p.pieceAt(s);
            if (piece == null || piece.color() != color) {
                s++;
                continue;
            }
            int end = s;
            while (end + 1 <= Squares.COUNT && p.pieceAt(end + 1) == piece) end++;
            String k = piece.isKing() ? "K" : "";
            // "1-3" is no shorter than "1,2,3" but reads better; two squares stay a list.
            if (end - s >= 2) items.add(k + s + "-" + end);
            else for (int q = s; q <= end; q++) items.add(k + q);
            s = end + 1;
        }
        return String.join(",", items);
    }
}
