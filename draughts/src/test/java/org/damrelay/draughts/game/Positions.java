package org.damrelay.draughts.game;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;

/**
 * Test positions in the FEN subset the spec's tables use ("W:W27,K19:BK49"). Only for tests:
 * the notation package owns real FEN.
 */
final class Positions {
    private Positions() {}

    static Position fen(String fen) {
        String[] parts = fen.split(":");
        Position p = Position.empty(parts[0].equals("W") ? Color.WHITE : Color.BLACK);
        for (int i = 1; i < parts.length; i++) {
            Color c = parts[i].charAt(0) == 'W' ? Color.WHITE : Color.BLACK;
            String list = parts[i].substring(1);
            if (list.isEmpty()) continue;
            for (String t : list.split(",")) {
                boolean king = t.startsWith("K");
                p = p.with(Integer.parseInt(king ? t.substring(1) : t), Piece.of(c, king));
            }
        }
        return p;
    }

    /** A move in short notation, "32-28" (quiet) or "28x19" resolved against the legal moves. */
    static Move move(Game g, String text) {
        if (text.contains("-")) {
            String[] s = text.split("-");
            return Move.quiet(Integer.parseInt(s[0]), Integer.parseInt(s[1]));
        }
        String[] s = text.split("x");
        int from = Integer.parseInt(s[0]), to = Integer.parseInt(s[s.length - 1]);
        return g.legalMoves().stream().filter(m -> m.from() == from && m.to() == to && m.isCapture())
                .findFirst().orElseThrow(() -> new AssertionError("no capture " + text + " in " + g.position()));
    }

    /** Plays moves given as "33-29 50-44 ..." and returns the game. */
    static Game play(Game g, String moves) {
        for (String m : moves.trim().split("\\s+")) g = g.play(move(g, m));
        return g;
    }
}
