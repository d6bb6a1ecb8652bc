package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.damrelay.draughts.testing.SharedTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdnCheckCommandTest {

    @Test
    void theWholeCorpusIsLegal() throws IOException {
        List<String> args = new ArrayList<>(List.of("pdn", "check"));
        try (Stream<Path> files = Files.list(SharedTree.corpus())) {
            files.filter(p -> p.toString().endsWith(".pdn")).sorted().forEach(p -> args.add(p.toString()));
        }
        CommandRun r = CommandRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("total: 8 files, 98 games, 10114 plies, 0 problems", r.lastLine());
        assertTrue(r.out().contains("nk2003-amsterdam.pdn: 33 games, "), r.out());
    }

    @Test
    void illegalMovesAreReportedAndTheRestIsStillRead(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.pdn");
        Files.writeString(bad, """
                [White "A"]
                [Black "B"]
                1. 32-28 19-23 2. 28x19 14x23 2-0

                [White "Derkx,B."]
                [Black "Meijer,Hein"]
                1. 32-28 18-23 2. 37-32 19x28 *

                [White "E"]
                [Black "F"]
                1. 31-26 1-1
                """, StandardCharsets.ISO_8859_1);
        Path good = dir.resolve("good.pdn");
        Files.writeString(good, "[White \"G\"]\n1. 32-28 *\n");
        CommandRun r = CommandRun.of("pdn", "check", bad.toString(), good.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.out().contains(bad + ": 2 games, 5 plies, 1 bad game"), r.out());
        assertTrue(r.out().contains("game 2 (Derkx,B. - Meijer,Hein), move 2 black: \"19x28\" is not a legal move"), r.out());
        assertTrue(r.out().contains(good + ": 1 games, 1 plies"), r.out());
        assertEquals("total: 2 files, 3 games, 6 plies, 1 problems", r.lastLine());
    }

    @Test
    void aMissingFileIsAProblem(@TempDir Path dir) {
        CommandRun r = CommandRun.of("pdn", "check", dir.resolve("nope.pdn").toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("nope.pdn: cannot read"), r.err());
    }
}
