package org.damrelay.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.testing.SharedTree;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.capture.CaptureWriter;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `damrelay replay` from the one entry point: a recorded board's bytes in, JSON events and PDN out.
 * Bad input is one clear line on stderr and a non-zero exit, never a stack trace; what was read
 * before the damage is still replayed and its PDN written; a seeded fuzz of the capture reader.
 */
class ReplayCommandTest {
    @TempDir Path dir;

    /** Board field of a notation square (row*10 + col, the board lying normally). */
    private static int field(int square) {
        int row = (square - 1) / 5, k = (square - 1) % 5;
        return row * 10 + (row % 2 == 0 ? 2 * k + 1 : 2 * k);
    }

    /** Two moves, 32-28 and 19-23, as a single board reports them. */
    private static String twoMoves() throws Exception {
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
        return text.toString();
    }

    @Test
    void aCaptureOfTwoMovesReplaysToJsonLinesAndPdn() throws Exception {
        Path capture = dir.resolve("two.capture");
        Files.writeString(capture, twoMoves());
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

    private static void assertOneClearLine(CommandRun run) {
        assertTrue(run.exitCode() != 0, "exit " + run.exitCode());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().startsWith("replay: "), run.err());
        assertFalse(run.err().contains("\tat ") || run.err().contains("Exception"), run.err());
    }

    @Test
    void randomBytesUtf16AndADirectoryAreOneLineEach() throws Exception {
        Path random = dir.resolve("random.capture");
        byte[] bytes = new byte[4096];
        new Random(7).nextBytes(bytes);
        Files.write(random, bytes);
        assertOneClearLine(CommandRun.of("replay", random.toString()));

        Path utf16 = dir.resolve("utf16.capture");
        Files.write(utf16, twoMoves().getBytes(StandardCharsets.UTF_16));
        CommandRun run = CommandRun.of("replay", utf16.toString());
        assertOneClearLine(run);
        assertTrue(run.err().contains("UTF-16"), run.err());

        run = CommandRun.of("replay", dir.toString());
        assertOneClearLine(run);
        assertTrue(run.err().contains("directory"), run.err());
    }

    @Test
    void aTruncatedCaptureStillWritesThePdnOfWhatWasRead() throws Exception {
        String whole = twoMoves();
        Path cut = dir.resolve("cut.capture");
        Files.writeString(cut, whole.substring(0, whole.lastIndexOf(' ') + 2)); // the last byte half written
        Path pdn = dir.resolve("cut.pdn");
        CommandRun run = CommandRun.of("replay", cut.toString(), "--pdn", pdn.toString());
        assertOneClearLine(run);
        assertTrue(run.err().contains("line"), run.err());
        assertEquals(List.of(Move.quiet(32, 28)), PdnReader.read(pdn).get(0).plies());
        assertTrue(run.out().contains("\"32-28\""), run.out());
    }

    @Test
    void settingsFlagsAreCheckedAndNamed() throws Exception {
        Path capture = dir.resolve("ok.capture");
        Files.writeString(capture, twoMoves());
        CommandRun run = CommandRun.of("replay", capture.toString(), "--variant", "frisian", "--rules", "swr");
        assertOneClearLine(run);
        assertTrue(run.err().contains("--rules"), run.err());
        run = CommandRun.of("replay", capture.toString(), "--time-control", "40/x");
        assertOneClearLine(run);
        assertTrue(run.err().contains("40/x"), run.err());
        run = CommandRun.of("replay", capture.toString(), "--increment", "hourglass");
        assertOneClearLine(run);
        run = CommandRun.of("replay", capture.toString(), "--board", "3");
        assertOneClearLine(run);
        assertTrue(run.err().contains("single-board"), run.err());
        Path pdn = dir.resolve("ok.pdn");
        run = CommandRun.of("replay", capture.toString(), "--rules", "zwh", "--time-control", "40/7200:3600+30", "--increment", "bronstein",
                "--pdn", pdn.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.readString(pdn).contains("[TimeControl \"40/7200:3600+30\"]"), Files.readString(pdn));
    }

    /** Seeded: bit flips, cuts, duplicated and dropped lines of a good capture. Every run ends in 0 or one clear line. */
    @Test
    void fuzzedCapturesNeverEndInAStackTrace() throws Exception {
        byte[] good = twoMoves().getBytes(StandardCharsets.US_ASCII);
        Random random = new Random(20261124);
        Path f = dir.resolve("fuzz.capture");
        for (int i = 0; i < 400; i++) {
            byte[] b = Arrays.copyOf(good, good.length);
            switch (i % 4) {
                case 0 -> { for (int k = 0; k < 1 + random.nextInt(4); k++) b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8)); }
                case 1 -> b = Arrays.copyOf(b, random.nextInt(b.length));
                case 2 -> { int at = random.nextInt(b.length); b[at] = (byte) random.nextInt(256); }
                default -> {
                    String[] lines = new String(b, StandardCharsets.US_ASCII).split("\n");
                    int a = random.nextInt(lines.length), c = random.nextInt(lines.length);
                    String t = lines[a]; lines[a] = lines[c]; lines[c] = t;
                    b = String.join("\n", lines).getBytes(StandardCharsets.US_ASCII);
                }
            }
            Files.write(f, b);
            CommandRun run = CommandRun.of("replay", f.toString());
            if (run.exitCode() != 0) assertOneClearLine(run);
            else assertTrue(run.err().isBlank(), run.err());
        }
    }
}
