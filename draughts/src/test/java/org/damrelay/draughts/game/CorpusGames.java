package org.damrelay.draughts.game;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.draughts.rules.Variant;

/**
 * Main lines of the shared corpus games, read just well enough for these tests (variations,
 * NAGs and move numbers dropped). The notation package owns the real PDN reader.
 */
final class CorpusGames {
    private static final Pattern MOVE = Pattern.compile("\\b\\d{1,2}(?:[-x]\\d{1,2})+\\b");

    private CorpusGames() {}

    static Path shared() {
        String prop = System.getProperty("damrelay.shared");
        if (prop != null && Files.isDirectory(Path.of(prop))) return Path.of(prop);
        for (String p : List.of("../../shared", "../shared")) if (Files.isDirectory(Path.of(p))) return Path.of(p);
        throw new IllegalStateException("shared/ not found: set -Ddamrelay.shared");
    }

    /** The main-line moves of the first game in a corpus file. */
    static List<String> firstGame(String file) {
        return allGames(file).get(0);
    }

    /** The main-line moves of every game with moves in a corpus file. */
    static List<List<String>> allGames(String file) {
        String text;
        try {
            text = Files.readString(shared().resolve("corpus").resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<List<String>> games = new ArrayList<>();
        for (String record : text.split("\n\\s*\n(?=\\[)")) { // a tag line after a blank line starts a record
            int start = record.lastIndexOf("]\n");
            if (start < 0) continue;
            List<String> moves = mainLine(record.substring(start + 1));
            if (!moves.isEmpty()) games.add(moves);
        }
        return games;
    }

    private static List<String> mainLine(String movetext) {
        String moves = movetext.replace("1/2-1/2", " ").replaceAll("\\{[^}]*}", " ");
        String previous;
        do { // innermost variations first
            previous = moves;
            moves = moves.replaceAll("\\([^()]*\\)", " ");
        } while (!moves.equals(previous));
        moves = moves.replaceAll("\\$\\d+", " ").replaceAll("\\d+\\.(\\.\\.)?", " ").replaceAll("\\s*([-x])\\s*", "$1");
        List<String> out = new ArrayList<>();
        Matcher m = MOVE.matcher(moves);
        while (m.find()) {
            boolean squares = java.util.Arrays.stream(m.group().split("[-x]")).mapToInt(Integer::parseInt).allMatch(n -> n >= 1 && n <= 50);
            if (squares && !m.group().equals("1-1")) out.add(m.group()); // "1-0", "1-1" are results, not moves
        }
        return out;
    }

    /** Plays the first {@code plies} moves from the start. */
    static Game replay(List<String> moves, int plies, GameSettings settings) {
        Game g = Game.from(org.damrelay.draughts.rules.Position.start(), settings);
        for (int i = 0; i < plies; i++) g = g.play(Positions.move(g, moves.get(i)));
        return g;
    }

    static GameSettings international() {
        return GameSettings.of(Variant.INTERNATIONAL);
    }
}
