package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `damrelay replay` from the one entry point: a recorded board's bytes in, JSON events and PDN out. */
class ReplayCommandTest {
    @TempDir Path dir;

    /** Board field of a notation square (row*10 + col, the board lying normally). */
    private static int field(int square) {
        int row = (square - 1) / 5, k = (square - 1) % 5;
        return row * 10 + (row % 2 == 0 ? 2 * k + 1 : 2 * k);
    }

    @Test
    void aCaptureOfTwoMovesReplaysToJsonLinesAndPdn() throws Exception {
        PieceCodes codes = PieceCodes.standard();
        Sensed[] board = new Sensed[100];
        Arrays.fill(board, Sensed.EMPTY);
        for (int s = 1; s <= 20; s++) board[field(s)] = Sensed.BLACK_MAN;
        for (int s = 31; s <= 50; s++) board[field(s)] = Sensed.WHITE_MAN;
        StringWriter text = new StringWriter();
        try (CaptureWriter w = new CaptureWriter(text)) {
            w.linkUp(0, "test");
            record(w, 100, BoardMessage.BoardDump.of(board, codes).encode());
            record(w, 5000, new BoardMessage.FieldUpdate(field(32), 0).encode());
            record(w, 5200, new BoardMessage.FieldUpdate(field(28), codes.codeOf(Sensed.WHITE_MAN)).encode());
            record(w, 9000, new BoardMessage.FieldUpdate(field(19), 0).encode());
            record(w, 9220, new BoardMessage.FieldUpdate(field(23), codes.codeOf(Sensed.BLACK_MAN)).encode());
        }
        Path capture = dir.resolve("two.capture");
        Files.writeString(capture, text.toString());
        Path pdn = dir.resolve("two.pdn");

        CommandRun run = CommandRun.of("replay", capture.toString(), "--pdn", pdn.toString());
        assertEquals(0, run.exitCode(), run.err());
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : run.out().split("\\R")) if (!line.isBlank()) lines.add(mapper.readTree(line));
        assertEquals(2, lines.size(), run.out());
        assertEquals("MOVE", lines.get(0).get("type").asText());
        assertEquals("32-28", lines.get(0).get("notation").asText());
        assertEquals(1, lines.get(0).get("ply").asInt());
        assertEquals(5200 + 450, lines.get(0).get("t").asLong(), "committed one settle window after the last change");
        assertEquals("19-23", lines.get(1).get("notation").asText());
        assertEquals("W:W28,31,33-50:B1-18,20,23", lines.get(1).get("fen").asText().replace(" ", ""));
        assertEquals(List.of(Move.quiet(32, 28), Move.quiet(19, 23)), PdnReader.read(pdn).get(0).plies());
    }

    @Test
    void badArgumentsAreNamed() {
        CommandRun run = CommandRun.of("replay", dir.resolve("none.capture").toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("none.capture"), run.err());
        run = CommandRun.of("replay", "x.capture", "--variant", "chess");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("chess"), run.err());
    }

    private static void record(CaptureWriter w, long t, byte[] bytes) {
        w.received(t, bytes, 0, bytes.length);
    }

    @Test
    void aCaptureWrittenByTheEmulatorReplaysToTheGameItPlayed() throws Exception {
        Path pdn = SharedTree.corpus().resolve("nk_ronde_01.pdn");
        Path capture = dir.resolve("emulated.capture");
        CommandRun emulate = CommandRun.of("emulate", "--pdn", pdn.toString(), "--game", "2", "--noise", "heavy",
                "--seed", "3", "--capture", capture.toString());
        assertEquals(0, emulate.exitCode(), emulate.err());

        CommandRun run = CommandRun.of("replay", capture.toString());
        assertEquals(0, run.exitCode(), run.err());
        ObjectMapper mapper = new ObjectMapper();
        List<String> notation = new ArrayList<>();
        for (String line : run.out().split("\\R")) {
            if (line.isBlank()) continue;
            JsonNode e = mapper.readTree(line);
            String type = e.get("type").asText();
            assertTrue(!List.of("ILLEGAL_MOVE", "POSITION_UNKNOWN", "MOVE_REPLACED", "MOVE_RETRACTED").contains(type),
                    "a legal game raised " + line);
            if (type.equals("MOVE")) notation.add(e.get("notation").asText());
        }
        List<Move> expected = PdnReader.read(pdn).get(1).plies();
        assertEquals(expected.size(), notation.size(), "plies reconstructed");
        assertEquals(expected.stream().map(Move::toString).toList(),
                notation.stream().map(n -> n.replaceAll("^(\\d+)([-x]).*?(\\d+)$", "$1$2$3")).toList());
    }
}
