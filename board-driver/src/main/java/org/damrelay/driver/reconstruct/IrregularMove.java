package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.IllegalKind;

/**
 * A settled board change that no legal move explains but that reads as one irregular move.
 *
 * @param article the article cited when it is not the subtype's own under the game's rulebook
 *                (Frisian art. 12 for a man that captured where the king had to), else null
 */
record IrregularMove(IllegalKind kind, Color mover, Move move, Position after, List<Integer> squares, String text,
                     String article) {
    IrregularMove(IllegalKind kind, Color mover, Move move, Position after, List<Integer> squares, String text) {
        this(kind, mover, move, after, squares, text, null);
    }
}
