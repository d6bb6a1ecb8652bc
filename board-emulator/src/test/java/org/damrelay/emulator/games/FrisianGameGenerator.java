package org.damrelay.emulator.games;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.Outcome;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnWriter;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;

/**
 * Makes the Frisian test games (no public Frisian PDN is at hand): the rules core plays both sides
 * with a three-ply minimax on material (a king worth three men, a little for men going forward so
 * that kings come), picking at random among moves within a margin of the best, the game model
 * deciding what is legal (art. 17) and when it ends (art. 18, 21). Deterministic per seed.
 * Twenty games from the start, and a few endings. {@code main} writes
 * src/test/resources/frisian/generated.pdn; the file is kept in the project.
 */
public final class FrisianGameGenerator {
    private static final int MAX_PLIES = 260;
    private static final int DEPTH = 3;

    /** An ending to play out from a position, with the seed that makes it show the rule named. */
    public record Ending(String fen, long seed, String shows) {}

    /** Endings the middle game rarely reaches with a material search. */
    public static final List<Ending> ENDINGS = List.of(
            new Ending("B:WK1,K50:BK23", 3001, "art. 18: two kings against one not won in 7 moves, a draw"),
            new Ending("W:WK46,36,37:BK5,14,15", 3000, "art. 21: king against king, a draw"),
            new Ending("W:WK46,36,37:BK5,14,15", 3001, "art. 17: a king that made three moves in a row must rest"),
            new Ending("W:WK26,45:BK25,6", 3001, "art. 17, twice"),
            new Ending("W:WK26,45:BK25,6", 3002, "art. 17, twice, and a win"),
            new Ending("W:WK40,33:BK11,17", 2021, "art. 17 in a longer king ending"));

    private FrisianGameGenerator() {}

    public static void main(String[] args) throws Exception {
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        List<PdnGame> games = new ArrayList<>();
        for (int i = 0; i < count; i++) games.add(game(1000 + i, Position.start()));
        // endings the middle game rarely reaches with a material search: kings beside men (art. 17), two kings against one (art. 18)
        for (Ending e : ENDINGS) games.add(game(e.seed(), Fen.parse(e.fen())));
        Files.writeString(Path.of(args.length > 0 ? args[0] : "src/test/resources/frisian/generated.pdn"),
                PdnWriter.writeAll(games), StandardCharsets.UTF_8);
    }

    /** One game from the start position, played out until it ends or grows too long. */
    public static PdnGame game(long seed, Position start) {
        Random random = new Random(seed);
        Game g = Game.from(start, GameSettings.of(Variant.FRISIAN));
        while (g.outcome() == Outcome.ONGOING && g.ply() < MAX_PLIES) {
            List<Move> legal = g.legalMoves();
            double best = Double.NEGATIVE_INFINITY;
            double[] score = new double[legal.size()];
            for (int i = 0; i < legal.size(); i++) {
                score[i] = -search(g.position().apply(legal.get(i)), DEPTH - 1);
                best = Math.max(best, score[i]);
            }
            List<Move> good = new ArrayList<>();
            for (int i = 0; i < legal.size(); i++) if (score[i] >= best - 0.3) good.add(legal.get(i));
            g = g.play(good.get(random.nextInt(good.size())));
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "generated Frisian game");
        tags.put("Round", String.valueOf(seed));
        tags.put("White", "minimax");
        tags.put("Black", "minimax");
        tags.put("Result", g.result().pdn());
        tags.put("GameType", "40");
        if (!start.equals(Position.start())) tags.put("FEN", Fen.write(start));
        List<Move> moves = g.plies().stream().map(p -> p.move()).toList();
        return new PdnGame(tags, Variant.FRISIAN, start, moves, g.result().pdn());
    }

    /** Negamax on material from the side to move's point of view. */
    private static double search(Position p, int depth) {
        List<Move> moves = Variant.FRISIAN.legalMoves(p);
        if (moves.isEmpty()) return -1000;
        if (depth == 0) return eval(p);
        double best = Double.NEGATIVE_INFINITY;
        for (Move m : moves) best = Math.max(best, -search(p.apply(m), depth - 1));
        return best;
    }

    private static double eval(Position p) {
        Color me = p.sideToMove();
        return side(p, me) - side(p, me.opposite());
    }

    private static double side(Position p, Color c) {
        double v = 3 * Long.bitCount(p.kings(c));
        for (long men = p.men(c); men != 0; men &= men - 1) {
            int row = Squares.row(Long.numberOfTrailingZeros(men));
            v += 1 + 0.02 * (c == Color.WHITE ? 9 - row : row);
        }
        return v;
    }
}
