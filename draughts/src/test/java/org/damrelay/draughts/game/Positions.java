package org.damrelay.draughts.game;

import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/** Test shorthands over the notation package. */
final class Positions {
    private Positions() {}

    static Position fen(String fen) {
        return Fen.parse(fen);
    }

    /** The legal move a PDN move text names in the game's position (history rules are left to Game). */
    static Move move(Game g, String text) {
        return Notation.resolve(g.position(), g.variant(), text);
    }

    /** Plays moves given as "33-29 50-44 ..." and returns the game. */
    static Game play(Game g, String moves) {
        for (String m : moves.trim().split("\\s+")) g = g.play(move(g, m));
        return g;
    }
}
