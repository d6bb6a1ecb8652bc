package org.damrelay.driver.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.Ply;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnWriter;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;

/**
 * A reconstructed game as PDN. PDN holds legal moves only, so an irregular move that stood (SWR
 * 7.2) ends a record and the next record starts from the real position after it, with its FEN.
 */
public final class ReconstructedPdn {
    private ReconstructedPdn() {}

    public static List<PdnGame> records(Game game, Map<String, String> tags) {
        List<PdnGame> out = new ArrayList<>();
        Position start = game.startPosition();
        List<Move> moves = new ArrayList<>();
        for (Ply ply : game.plies()) {
            if (ply.isIrregular()) {
                out.add(record(tags, game, start, moves, "*"));
                start = ply.after();
                moves = new ArrayList<>();
            } else {
                moves.add(ply.move());
            }
        }
        out.add(record(tags, game, start, moves, game.result().pdn()));
        return out;
    }

    public static String write(Game game, Map<String, String> tags) {
        return PdnWriter.writeAll(records(game, tags));
    }

    private static PdnGame record(Map<String, String> tags, Game game, Position start, List<Move> moves, String result) {
        return new PdnGame(new LinkedHashMap<>(tags), game.variant(), start, moves, result);
    }
}
