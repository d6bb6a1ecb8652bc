package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PerftCommandTest {

    @Test
    void internationalFromTheStartPrintsEachDepthAndTheCountLast() {
        CommandRun r = CommandRun.of("perft", "4");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("4265", r.lastLine());
        assertTrue(r.out().contains("depth 1: 9 "), r.out());
        assertTrue(r.out().contains("depth 3: 658 "), r.out());
    }

    @Test
    void frisian() {
        CommandRun r = CommandRun.of("perft", "--variant", "frisian", "4");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("3874", r.lastLine());
    }

    @Test
    void fromAFenWithDivide() {
        CommandRun r = CommandRun.of("perft", "--fen", "W:WK47:B14,19,29,31,42", "--divide", "1");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("2", r.lastLine());
        assertTrue(r.out().contains("47x38x24x13x36 1"), r.out());
        assertTrue(r.out().contains("47x38x20x9x36 1"), r.out());
    }

    @Test
    void badInputIsAUsageErrorNamingIt() {
        CommandRun fen = CommandRun.of("perft", "--fen", "W:W51", "2");
        assertEquals(2, fen.exitCode());
        assertTrue(fen.err().contains("square 51 out of range in \"W:W51\""), fen.err());
        CommandRun variant = CommandRun.of("perft", "--variant", "checkers", "2");
        assertEquals(2, variant.exitCode());
        assertTrue(variant.err().contains("unknown variant \"checkers\""), variant.err());
        CommandRun depth = CommandRun.of("perft", "--", "-1");
        assertEquals(2, depth.exitCode());
        assertTrue(depth.err().contains("DEPTH -1 is outside"), depth.err());
    }
}
