package org.damrelay.app.demo;

import java.io.IOException;
import java.io.InputStream;
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
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.Timeline;
import org.damrelay.emulator.scenario.ScenarioParser;
import org.damrelay.emulator.scenario.ScenarioRunner;

/** The demo's games: real corpus games, each turned into what a hand on an emulated board does. */
public final class DemoGames {

    /** A game of the demo and the emulated board's timeline that plays it. */
    public record Board(int number, PdnGame game, Timeline timeline, boolean irregular) {}

    /** The ply after which the scripted irregularity happens on the last board. */
    static final int IRREGULAR_AFTER_PLY = 10;

    private DemoGames() {}

    /** Where the bundled games are on the class path: a copy of shared/corpus, listed in {@code index.txt}. */
    private static final String BUNDLED = "/org/damrelay/app/demo/games/";

    /** What the demo's games are read from: the games shipped in the jar, unless a directory is given. */
    public static String describe(Path corpus) {
        return corpus == null ? "the bundled championship games" : corpus.toString();
    }

    /**
     * The first {@code count} international games of at least 40 plies, files in name order: from
     * {@code corpus} when given (a directory of PDN files), else from the games bundled with the project.
     */
    public static List<PdnGame> pick(Path corpus, int count) throws IOException {
        List<PdnGame> out = new ArrayList<>();
        for (String text : corpus == null ? bundledFiles() : directoryFiles(corpus)) {
            for (PdnGame g : PdnReader.parse(text)) {
                if (g.variant() == Variant.INTERNATIONAL && g.plies().size() >= 40) out.add(g);
                if (out.size() == count) return out;
            }
        }
        throw new IllegalArgumentException(describe(corpus) + " hold only " + out.size()
                + " international games of 40+ plies, " + count + " wanted");
    }

    private static List<String> directoryFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("not a directory of PDN files: " + dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".pdn")).sorted().toList();
        }
        List<String> out = new ArrayList<>();
        for (Path f : files) out.add(PdnReader.decode(Files.readAllBytes(f)));
        return out;
    }

    private static List<String> bundledFiles() throws IOException {
        List<String> out = new ArrayList<>();
        for (String name : resource("index.txt").lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            out.add(resource(name));
        }
        return out;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DemoGames.class.getResourceAsStream(BUNDLED + name)) {
            if (in == null) throw new IOException("the jar lacks the demo's game file " + BUNDLED + name);
            return PdnReader.decode(in.readAllBytes());
        }
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
            EmulatorConfig config = EmulatorConfig.defaults().withSeed(seed + i).withClockLatency(EmulatorConfig.Latency.REAL_CLOCK);
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
