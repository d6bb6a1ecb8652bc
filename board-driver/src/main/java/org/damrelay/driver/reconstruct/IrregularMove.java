package org.damrelay.driver.reconstruct;

import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.IllegalKind;

/** A settled board change that no legal move explains but that reads as one irregular move. */
record IrregularMove(IllegalKind kind, Color mover, Move move, Position after, List<Integer> squares, String text) {}
