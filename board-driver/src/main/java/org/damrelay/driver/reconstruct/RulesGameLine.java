package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/** A game line on the bare rules core: a list of positions and the moves between them. */
final class RulesGameLine implements GameLine {
    private final Variant variant;
    private final List<Position> positions = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    private final List<Boolean> irregular = new ArrayList<>();
    private List<Move> legalCache;

    RulesGameLine(Variant variant, Position start) {
        this.variant = variant;
        positions.add(start);
    }

    @Override public Position position() { return positions.get(positions.size() - 1); }
    @Override public List<Position> positions() { return List.copyOf(positions); }
    @Override public int ply() { return moves.size(); }

    @Override
    public List<Move> legalMoves() {
        if (legalCache == null) legalCache = variant.legalMoves(position());
        return legalCache;
    }

    @Override
    public List<Move> legalMoves(Position p) {
        return p.equals(position()) ? legalMoves() : variant.legalMoves(p);
    }

    @Override
    public void play(Move move) {
        Position next = position().apply(move);
        push(move, next, false);
    }

    @Override
    public void playIrregular(Move moveOrNull, Position after) {
        push(moveOrNull, after, true);
    }

    private void push(Move m, Position next, boolean irr) {
        moves.add(m);
        irregular.add(irr);
        positions.add(next);
        legalCache = null;
    }

    @Override
    public void retractTo(int ply) {
        if (ply < 0 || ply > moves.size()) throw new IllegalArgumentException("cannot retract to ply " + ply);
        while (moves.size() > ply) {
            moves.remove(moves.size() - 1);
            irregular.remove(irregular.size() - 1);
            positions.remove(positions.size() - 1);
        }
        legalCache = null;
    }

    @Override public Move moveAt(int ply) { return moves.get(ply - 1); }
    @Override public boolean wasIrregular(int ply) { return irregular.get(ply - 1); }
}
