package org.damrelay.draughts.game;

import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;

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
            Move quiet = Move.quiet(Integer.parseInt(s[0]), Integer.parseInt(s[1]));
            if (g.isLegal(quiet) || !g.legalMoves().stream().anyMatch(Move::isCapture)) return quiet;
            text = text.replace('-', 'x'); // some real files write a capture with a dash
        }
        String[] s = text.split("x");
        int from = Integer.parseInt(s[0]), to = Integer.parseInt(s[s.length - 1]);
        List<Move> candidates = g.legalMoves().stream().filter(m -> m.from() == from && m.to() == to && m.isCapture()).toList();
        if (candidates.size() > 1) { // long form: the pieces jumped between the named squares decide (PDN 3.0)
            long jumped = 0;
            for (int i = 0; i + 1 < s.length; i++) jumped |= between(g.position(), Integer.parseInt(s[i]), Integer.parseInt(s[i + 1]));
            long want = jumped;
            candidates = candidates.stream().filter(m -> m.captured() == want).toList();
        }
        if (candidates.isEmpty() && s.length == 2 && g.isLegal(Move.quiet(from, to))) return Move.quiet(from, to); // and the reverse
        if (candidates.size() != 1) throw new AssertionError("capture " + text + " matches " + candidates + " in " + g.position());
        return candidates.get(0);
    }

    /** The occupied squares strictly between two squares on one line (diagonal or, for Frisian, orthogonal). */
    private static long between(Position p, int a, int b) {
        for (int d : Squares.ALL_DIRECTIONS) {
            long seen = 0;
            for (int sq : Squares.ray(a, d)) {
                if (sq == b) return seen;
                if (!p.isEmpty(sq)) seen |= Squares.bit(sq);
            }
        }
        throw new AssertionError(a + " and " + b + " are not on one line");
    }

    /** Plays moves given as "33-29 50-44 ..." and returns the game. */
    static Game play(Game g, String moves) {
        for (String m : moves.trim().split("\\s+")) g = g.play(move(g, m));
        return g;
    }
}
