package org.damrelay.draughts.notation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * Writes a game as PDN 3.0: the standard tags first (missing ones as "?"), GameType, FEN when the
 * game does not start from the start position, the game's other tags, then numbered moves in
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
        tags.put("Result", result);
        tags.put("GameType", String.valueOf(game.variant().pdnGameType()));
        if (!game.start().equals(Position.start())) tags.put("FEN", Fen.write(game.start()));
        for (Map.Entry<String, String> e : game.tags().entrySet()) {
            if (!e.getKey().equals("FEN")) tags.putIfAbsent(e.getKey(), e.getValue()); // FEN comes from start alone
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            sb.append('[').append(e.getKey()).append(" \"").append(escape(e.getValue())).append("\"]\n");
        }
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
        Line line = new Line(sb);
        Position p = game.start();
        int number = 1;
        if (p.sideToMove() == Color.BLACK) line.add(number + "...");
        for (Move m : game.plies()) {
            String text = Notation.of(p, m, game.variant());
            if (p.sideToMove() == Color.WHITE) {
                line.add(number + ". " + text);
            } else {
                line.add(text);
                number++;
            }
            p = p.apply(m);
        }
        line.add(result);
        sb.append('\n');
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Appends words separated by blanks, breaking lines before they pass {@link #WIDTH}. */
    private static final class Line {
        private final StringBuilder sb;
        private int length;

        Line(StringBuilder sb) {
            this.sb = sb;
        }

        void add(String word) {
            if (length > 0 && length + 1 + word.length() > WIDTH) {
                sb.append('\n');
                length = 0;
            }
            if (length > 0) {
                sb.append(' ');
                length++;
            }
            sb.append(word);
            length += word.length();
        }
    }
}
