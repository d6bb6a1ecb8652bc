package org.damrelay.app.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.emulator.Emulator;
import org.damrelay.driver.emulator.EmulatorConfig;
import org.damrelay.driver.emulator.Timeline;
import org.damrelay.driver.emulator.scenario.ScenarioParser;
import org.damrelay.driver.emulator.scenario.ScenarioRunner;

/** The demo's games: real corpus games, each turned into what a hand on an emulated board does. */
public final class DemoGames {

    /** A game of the demo and the emulated board's timeline that plays it. */
    public record Board(int number, PdnGame game, Timeline timeline, boolean irregular) {}

    /** The ply after which the scripted irregularity happens on the last board. */
    static final int IRREGULAR_AFTER_PLY = 10;

    private DemoGames() {}

    /** The corpus directory: given, or shared/corpus next to or above the working directory. */
    public static Path corpus(Path given) {
        if (given != null) return given;
        String prop = System.getProperty("damrelay.shared");
        for (Path p : prop == null ? List.of(Path.of("../shared/corpus"), Path.of("shared/corpus"), Path.of("../../shared/corpus"))
                : List.of(Path.of(prop, "corpus"))) {
            if (Files.isDirectory(p)) return p;
        }
        throw new IllegalArgumentException("no corpus found (looked for ../shared/corpus and shared/corpus): give --corpus DIR");
    }

    /** The first {@code count} international games of at least 40 plies, files in name order. */
    public static List<PdnGame> pick(Path corpus, int count) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".pdn")).sorted().toList();
        }
        List<PdnGame> out = new ArrayList<>();
        for (Path f : files) {
            for (PdnGame g : PdnReader.read(f)) {
                if (g.variant() == Variant.INTERNATIONAL && g.plies().size() >= 40) out.add(g);
                if (out.size() == count) return out;
            }
        }
        throw new IllegalArgumentException(corpus + " holds only " + out.size() + " international games of 40+ plies, "
                + count + " wanted");
    }

    /**
     * Every board plays its game with the emulator's default noise; the last one also has a
     * scripted irregularity for the arbiter: after ply {@value #IRREGULAR_AFTER_PLY} the next
     * move is made, then taken back on the board, then made again.
     */
    public static List<Board> boards(List<PdnGame> games, long seed) {
        List<Board> out = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            PdnGame g = games.get(i);
            EmulatorConfig config = EmulatorConfig.defaults().withSeed(seed + i);
            boolean irregular = i == games.size() - 1;
            Timeline t = irregular
                    ? new ScenarioRunner(g.variant()).run(ScenarioParser.parse(withTakeBack(g)), config)
                    : new Emulator(config).play(g.start(), g.plies());
            out.add(new Board(i + 1, g, t, irregular));
        }
        return out;
    }

    /** The game as a scenario, with a move taken back and made again after ply {@value #IRREGULAR_AFTER_PLY}. */
    static String withTakeBack(PdnGame g) {
        StringBuilder s = new StringBuilder("# ").append(g.players()).append(", with a move taken back\n");
        Position p = g.start();
        for (int i = 0; i < g.plies().size(); i++) {
            String move = "move " + Notation.of(p, g.plies().get(i), g.variant()) + "\n";
            s.append(move);
            if (i == IRREGULAR_AFTER_PLY) s.append("takeback\n").append(move);
            p = p.apply(g.plies().get(i));
        }
        return s.toString();
    }
}
