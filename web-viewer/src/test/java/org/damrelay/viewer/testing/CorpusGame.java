package org.damrelay.viewer.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.testing.SharedTree;

/**
 * A real game from shared/corpus, replayed through the rules core so every ply has its notation,
 * the move as played and the FEN after it: what a driver would send the relay.
 */
public record CorpusGame(Map<String, String> tags, List<PlayedPly> plies) {

    public record PlayedPly(int ply, String notation, Move move, Position position, String fen) { }

    /** The `index`-th game (0-based) of a corpus file, read by the draughts PDN reader. */
    public static CorpusGame load(String file, int index) {
        PdnGame pdn = SharedTree.corpusFile(file).get(index);
        Position pos = pdn.start();
        List<PlayedPly> plies = new ArrayList<>();
        for (Move move : pdn.plies()) {
            String notation = Notation.of(pos, move, pdn.variant());
            pos = pos.apply(move);
            plies.add(new PlayedPly(plies.size() + 1, notation, move, pos, Fen.write(pos)));
        }
        return new CorpusGame(pdn.tags(), List.copyOf(plies));
    }

    /** A ply not from the corpus (a test's own line), with its FEN. */
    public static PlayedPly ply(int ply, String notation, Move move, Position after) {
        return new PlayedPly(ply, notation, move, after, Fen.write(after));
    }
}
