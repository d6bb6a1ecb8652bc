package org.damrelay.viewer.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;

/**
 * A real game from shared/corpus, replayed through the rules core so every ply has its notation,
 * the move as played and the FEN after it: what a driver would send the relay.
 */
public record CorpusGame(Map<String, String> tags, List<PlayedPly> plies) {

    public record PlayedPly(int ply, String notation, Move move, Position position, String fen) { }

    private static final Pattern TAG = Pattern.compile("\\[(\\w+)\\s+\"([^\"]*)\"\\]");
    private static final Pattern MOVE = Pattern.compile("\\b(\\d{1,2})([-x])(\\d{1,2}(?:x\\d{1,2})*)\\b");

    /** The `index`-th game (0-based) of a corpus file. */
    public static CorpusGame load(String file, int index) throws IOException {
        String text = Files.readString(SharedTree.corpus().resolve(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        String[] games = text.split("(?m)(?=^\\[Event )");
        List<String> real = new ArrayList<>();
        for (String g : games) if (g.contains("[Event ")) real.add(g);
        return parse(real.get(index));
    }

    static CorpusGame parse(String pdn) {
        Map<String, String> tags = new TreeMap<>();
        Matcher t = TAG.matcher(pdn);
        while (t.find()) tags.put(t.group(1), t.group(2));
        String movetext = pdn.replaceAll("\\[[^\\]]*\\]", " ").replaceAll("\\{[^}]*\\}", " ")
                .replaceAll("\\b(2-0|1-1|0-2|0-0)\\s*$", " ");
        Position pos = Position.start();
        List<PlayedPly> plies = new ArrayList<>();
        Matcher m = MOVE.matcher(movetext);
        while (m.find()) {
            String notation = m.group(0);
            Move move = find(pos, notation);
            pos = pos.apply(move);
            plies.add(new PlayedPly(plies.size() + 1, notation, move, pos, fen(pos)));
        }
        return new CorpusGame(tags, List.copyOf(plies));
    }

    private static Move find(Position pos, String notation) {
        String[] squares = notation.split("[-x]");
        int from = Integer.parseInt(squares[0]);
        int to = Integer.parseInt(squares[squares.length - 1]);
        List<Move> matches = Variant.INTERNATIONAL.legalMoves(pos).stream()
                .filter(mv -> mv.from() == from && mv.to() == to)
                .filter(mv -> squares.length == 2 || mv.path().stream().map(String::valueOf).toList().equals(List.of(squares)))
                .toList();
        if (matches.size() != 1) {
            throw new IllegalStateException(notation + " matches " + matches.size() + " legal moves in " + pos);
        }
        return matches.get(0);
    }

    /** PDN FEN of a position: side to move, then each colour's squares, kings prefixed K. */
    public static String fen(Position pos) {
        StringBuilder w = new StringBuilder(), b = new StringBuilder();
        for (int sq = 1; sq <= 50; sq++) {
            Piece p = pos.pieceAt(sq);
            if (p == null) continue;
            StringBuilder sb = p.color() == Color.WHITE ? w : b;
            if (!sb.isEmpty()) sb.append(',');
            sb.append(p.isKing() ? "K" : "").append(sq);
        }
        return (pos.sideToMove() == Color.WHITE ? "W" : "B") + ":W" + w + ":B" + b;
    }
}
