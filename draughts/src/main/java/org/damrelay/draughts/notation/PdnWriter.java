package org.damrelay.draughts.notation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * Writes a game as PDN 3.0: the standard tags first (missing ones as "?", a missing date as
 * ????.??.??), GameType, FEN when the game does not start from the start position, the game's
 * other tags, then numbered moves in
 * {@link Notation#of} form, wrapped below 80 columns, and the result in draughts form (2-0 ...).
 */
public final class PdnWriter {
    private static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round", "White", "Black");
    private static final int WIDTH = 79;

    private PdnWriter() {}

    public static String write(PdnGame game) {
        StringBuilder sb = new StringBuilder();
        String result = game.outcome().pdn();
        Map<String, String> tags = new LinkedHashMap<>();
        for (String name : ROSTER) tags.put(name, game.tags().getOrDefault(name, "?"));
        // PDN (as PGN 8.1.1.3) writes an unknown date as ????.??.??, not "?"; the relay's export does too
        if (!game.tags().containsKey("Date")) tags.put("Date", "????.??.??");
        tags.put("Result", result);
        tags.put("GameType", String.valueOf(game.variant().pdnGameType()));
        if (!game.start().equals(Position.start())) tags.put("FEN", Fen.write(game.start()));
        for (Map.Entry<String, String> e : game.tags().entrySet()) {
            if (!e.getKey().equals("FEN")) tags.putIfAbsent(e.getKey(), e.getValue()); // FEN comes from start alone
        }
        for (Map.Entry<String, String> e : tags.entrySet()) tag(sb, e.getKey(), e.getValue());
        sb.append('\n');
        appendMoves(sb, game, result);
        return sb.append('\n').toString();
    }

    /** Several games, one after the other, as one PDN file. */
    public static String writeAll(List<PdnGame> games) {
        StringBuilder sb = new StringBuilder();
        for (PdnGame g : games) sb.append(write(g));
        return sb.toString();
    }

    private static void appendMoves(StringBuilder sb, PdnGame game, String result) {
        Position p = game.start();
        Movetext text = new Movetext(p.sideToMove() == Color.WHITE);
        for (Move m : game.plies()) {
            text.move(Notation.of(p, m, game.variant()));
            p = p.apply(m);
        }
        sb.append(text.end(result)).append('\n');
    }

    /** One tag pair on a line of its own, the value escaped. */
    public static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"").append(escape(value)).append("\"]\n");
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /**
     * Movetext written ply by ply: move numbers where PDN wants them ({@code 1. 32-28 18-23},
     * {@code 1... 18-23} when black makes the first ply or moves next in a position set or seen),
     * comments in braces, and lines broken below 80 columns only between a number-and-move and the
     * next, never inside one. A black move after a comment (a clock reading) carries no number: PDN
     * 3.0 makes it optional, and readers such as pydraughts take a repeated "N." ("11. ... 11...")
     * for a duplicate and lose the moves after it.
     */
    public static final class Movetext {
        private final StringBuilder sb = new StringBuilder();
        private int length;
        private int number = 1;
        private boolean white;
        private boolean numberDue;

        /** @param whiteFirst white makes the first ply written */
        public Movetext(boolean whiteFirst) {
            this.white = whiteFirst;
            this.numberDue = !whiteFirst;
        }

        /** The next ply, by the side to move. */
        public Movetext move(String notation) {
            if (white) word(number + ". " + notation);
            else word(numberDue ? number + "... " + notation : notation);
            numberDue = false;
            if (!white) number++;
            white = !white;
            return this;
        }

        /** A comment after the last ply; the next ply is numbered as it would be without it. */
        public Movetext comment(String text) {
            word("{" + text.replace("}", ")") + "}");
            return this;
        }

        /**
         * A ply that is no move (a position the arbiter set, or a driver saw when it joined), shown as
         * a comment: the position's side moves next, numbered on from the last move (the plies that
         * led there are not known, only whose turn it is).
         */
        public Movetext position(String comment, boolean whiteToMove) {
            comment(comment);
            // the turn may have changed hands without a move: black's move says its number
            if (!white && whiteToMove) number++;
            white = whiteToMove;
            numberDue = !white;
            return this;
        }

        /** The movetext closed by the game's result ({@code *} while it is played). */
        public String end(String result) {
            word(result);
            return sb.toString();
        }

        private void word(String w) {
            if (length > 0 && length + 1 + w.length() > WIDTH) {
                sb.append('\n');
                length = 0;
            }
            if (length > 0) {
                sb.append(' ');
                length++;
            }
            sb.append(w);
            length += w.length();
        }
    }
}
