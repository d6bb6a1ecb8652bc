package org.damrelay.driver.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.capture.CaptureReader;
import org.damrelay.driver.cli.ReplayCommand;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A game recorded as a capture replays through decoding and reconstruction to the same moves, JSON and PDN. */
class CaptureReconstructionTest {
    private static final String GAME = """
            [GameType "20"]
            1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 5. 34-29 23x34 6. 40x29 20-24
            7. 29x20 15x24 8. 46-41 *
            """;

    private static String capture(List<Move> moves, long seed) {
        Timeline t = new Emulator(EmulatorConfig.defaults().withNoise(NoiseProfile.defaults()).withSeed(seed))
                .play(Position.start(), moves);
        return TimelineCapture.of(t);
    }

    @Test
    void aCaptureReplaysToTheGameItRecorded() throws Exception {
        PdnGame game = PdnReader.parse(GAME).get(0);
        String text = capture(game.plies(), 7);
        List<ArbiterEvent> events = new ArrayList<>();
        var r = CaptureReconstruction.replay(CaptureReader.read(new StringReader(text)),
                ReconstructConfig.defaults(Variant.INTERNATIONAL), ReplayLog.tee(events::add));
        List<Move> moves = events.stream().filter(e -> e.type() == EventType.MOVE).map(ArbiterEvent::move).toList();
        assertEquals(game.plies(), moves);
        assertEquals(game.finalPosition(), r.position());
        List<ArbiterEvent> moveEvents = events.stream().filter(e -> e.type() == EventType.MOVE).toList();
        int firstTimed = 0;
        while (firstTimed < moveEvents.size() && moveEvents.get(firstTimed).clock() == null) firstTimed++;
        assertTrue(firstTimed <= 2, "the clock side is learned at the first press after a move");
        assertTrue(moveEvents.subList(firstTimed, moveEvents.size()).stream().allMatch(e -> e.clock() != null),
                "from then on every move carries both clock times");
    }

    @Test
    void theCommandPrintsOneJsonObjectPerEventAndWritesPdn(@TempDir Path dir) throws Exception {
        PdnGame game = PdnReader.parse(GAME).get(0);
        Path file = dir.resolve("game.capture");
        Files.writeString(file, capture(game.plies(), 8));
        Path pdn = dir.resolve("out.pdn");

        StringWriter printed = new StringWriter();
        CommandLine cl = new CommandLine(new ReplayCommand());
        cl.setOut(new PrintWriter(printed, true));
        int code = cl.execute(file.toString(), "--pdn", pdn.toString());
        assertEquals(0, code);
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : printed.toString().split("\n")) if (!line.isBlank()) lines.add(mapper.readTree(line));
        List<JsonNode> moves = lines.stream().filter(n -> n.get("type").asText().equals("MOVE")).toList();
        assertEquals(game.plies().size(), moves.size());
        Position p = Position.start();
        for (int i = 0; i < moves.size(); i++) {
            JsonNode n = moves.get(i);
            assertEquals(i + 1, n.get("ply").asInt());
            assertEquals(Notation.of(p, game.plies().get(i), Variant.INTERNATIONAL), n.get("notation").asText());
            p = p.apply(game.plies().get(i));
            assertEquals(Fen.write(p), n.get("fen").asText());
            assertTrue(n.get("t").asLong() > 0);
            assertTrue(n.has("squares") && n.has("text") && n.has("side"));
        }
        PdnGame written = PdnReader.read(pdn).get(0);
        assertEquals(game.plies(), written.plies());
    }

    @Test
    void aMalformedLineLosesNothingBeforeIt(@TempDir Path dir) throws Exception {
        PdnGame game = PdnReader.parse(GAME).get(0);
        String text = capture(game.plies(), 9);
        Path file = dir.resolve("cut.capture");
        Files.writeString(file, text + "99999999 < zz\n");
        StringWriter printed = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new ReplayCommand());
        cl.setOut(new PrintWriter(printed, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute(file.toString()));
        long lines = text.lines().count();
        assertTrue(err.toString().contains("capture line " + (lines + 1)), err.toString());
        long moves = printed.toString().lines().filter(l -> l.contains("\"type\":\"MOVE\"")).count();
        assertEquals(game.plies().size(), moves, "every move before the bad line is still reported");
    }

    @Test
    void aBadCaptureIsRefusedNamingTheLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.capture");
        Files.writeString(file, "# dgt-capture v1\n200 > 40\nnonsense here\n");
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ReplayCommand());
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute(file.toString()));
        assertTrue(err.toString().contains("line 3"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cl.execute(dir.resolve("missing.capture").toString()));
        assertTrue(err.toString().contains("missing.capture"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cl.execute(file.toString(), "--start-fen", "W:W99"));
        assertTrue(err.toString().startsWith("replay: "), err.toString());
    }
}
