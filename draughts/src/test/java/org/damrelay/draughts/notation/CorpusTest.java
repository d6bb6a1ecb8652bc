package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.game.Result;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.draughts.testing.SharedTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The 98 real records of shared/corpus: read, replayed legally, written and read back. */
class CorpusTest {
    private static List<PdnGame> games;

    @BeforeAll
    static void readCorpus() throws IOException {
        games = new ArrayList<>();
        try (Stream<Path> files = Files.list(SharedTree.corpus())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".pdn")).sorted().toList()) {
                games.addAll(PdnReader.read(f));
            }
        }
    }

    @Test
    void everyGameReplaysLegally() {
        assertEquals(98, games.size(), "records");
        assertEquals(97, games.stream().filter(g -> !g.plies().isEmpty()).count(), "games with moves");
        assertEquals(10_114, games.stream().mapToInt(g -> g.plies().size()).sum(), "plies");
        for (PdnGame g : games) {
            Position p = g.start();
            for (Move m : g.plies()) {
                assertTrue(g.variant().legalMoves(p).contains(m), () -> g.players() + ": " + m);
                p = p.apply(m);
            }
        }
    }

    @Test
    void theRecordWithoutMovesIsAGameWithZeroPlies() {
        List<PdnGame> empty = games.stream().filter(g -> g.plies().isEmpty()).toList();
        assertEquals(1, empty.size());
        PdnGame g = empty.get(0);
        assertEquals("Auke Scholma - Bas Messemaker", g.players());
        assertEquals("1-0", g.result());
        assertEquals(Result.WHITE_WINS, g.outcome());
        assertEquals(Position.start(), g.finalPosition());
    }

    @Test
    void corpusExercisesCapturesOfEverySizeUpToFive() {
        // The corpus README promises multiple captures of up to 5 pieces: each size must be met.
        int[] bySize = new int[21];
        games.stream().flatMap(g -> g.plies().stream()).forEach(m -> bySize[m.captureCount()]++);
        for (int size = 1; size <= 5; size++) assertTrue(bySize[size] > 0, "no capture of " + size);
        for (int size = 6; size <= 20; size++) assertEquals(0, bySize[size], "capture of " + size);
    }

    @Test
    void writeThenReadGivesTheSameGames() {
        for (PdnGame g : games) {
            String text = PdnWriter.write(g);
            List<PdnGame> back = PdnReader.parse(text);
            assertEquals(1, back.size(), text);
            PdnGame r = back.get(0);
            assertEquals(g.plies(), r.plies(), text);
            assertEquals(g.start(), r.start());
            assertEquals(g.variant(), r.variant());
            assertEquals(g.outcome(), r.outcome());
            assertEquals(g.tag("White"), r.tag("White"));
            assertEquals(g.tag("Black"), r.tag("Black"));
        }
    }

    @Test
    void theWholeCorpusWrittenAsOneFileReadsBack() {
        StringBuilder all = new StringBuilder();
        for (PdnGame g : games) all.append(PdnWriter.write(g)).append('\n');
        List<PdnGame> back = PdnReader.parse(all.toString());
        assertEquals(games.size(), back.size());
        for (int i = 0; i < games.size(); i++) assertEquals(games.get(i).plies(), back.get(i).plies());
    }

    @Test
    void fenRoundTripOfEveryCorpusPosition() {
        int n = 0;
        for (PdnGame g : games) {
            for (Position p : g.positions()) {
                assertEquals(p, Fen.parse(Fen.write(p)), Fen.write(p));
                n++;
            }
        }
        assertEquals(10_114 + games.size(), n);
    }

    @Test
    void aCorpusPositionAsFenTagStartsAGame() {
        PdnGame source = games.stream().filter(g -> g.plies().size() > 60).findFirst().orElseThrow();
        Position mid = source.positionAfter(40);
        List<Move> rest = source.plies().subList(40, source.plies().size());
        PdnGame fromFen = new PdnGame(source.tags(), Variant.INTERNATIONAL, mid, rest, source.result());
        PdnGame back = PdnReader.parse(PdnWriter.write(fromFen)).get(0);
        assertEquals(mid, back.start());
        assertEquals(rest, back.plies());
        assertEquals(source.finalPosition(), back.finalPosition());
    }
}
