package org.damrelay.draughts.game;

import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;

/** Corpus games replayed through Game. */
final class CorpusGames {
    private CorpusGames() {}

    /** A game's first {@code plies} moves played through Game. */
    static Game replay(PdnGame pdn, int plies) {
        Game g = Game.from(pdn.start(), pdn.variant());
        for (Move m : pdn.plies().subList(0, plies)) g = g.play(m);
        return g;
    }
}
