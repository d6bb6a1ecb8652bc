package org.damrelay.driver.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.notation.PdnReader;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.arbiter.EventJson;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.junit.jupiter.api.Test;

/** The replay's two outputs: JSON lines with the spec's field names, and PDN that never holds an illegal move. */
class ReconstructedOutputTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void anIllegalMoveLineHasItsSubtypeNotationFenAndArticle() throws Exception {
        Position before = Fen.parse("W:W32,46,47:B3,25,28");
        Move played = Move.quiet(46, 41);
        Position after = before.with(46, null).with(41, before.pieceAt(46)).withSideToMove(Color.BLACK);
        ArbiterEvent e = new ArbiterEvent(EventType.ILLEGAL_MOVE, IllegalKind.CAPTURE_MISSED, 1, Color.WHITE, 1234,
                List.of(46, 41), "White played 46-41 while a capture was compulsory", played, before, after,
                new ClockTimes(Duration.ofMinutes(80), Duration.ofSeconds(4799)));
        JsonNode n = mapper.readTree(new EventJson(Variant.INTERNATIONAL).toLine(e));
        assertEquals("ILLEGAL_MOVE", n.get("type").asText());
        assertEquals("CAPTURE_MISSED", n.get("subtype").asText());
        assertEquals("46-41", n.get("notation").asText());
        assertEquals(Fen.write(after), n.get("fen").asText());
        assertEquals("6.2", n.get("article").asText());
        assertEquals("white", n.get("side").asText());
        assertEquals(1234, n.get("t").asLong());
        assertEquals(4_800_000, n.get("whiteMs").asLong());
        assertEquals(4_799_000, n.get("blackMs").asLong());
        assertEquals(List.of(46, 41), List.of(n.get("squares").get(0).asInt(), n.get("squares").get(1).asInt()));
    }

    @Test
    void anAmbiguousCaptureIsWrittenInLongForm() throws Exception {
        Position before = Fen.parse("W:WK47:B14,19,29,31,42");
        Move m = Variant.INTERNATIONAL.legalMoves(before).stream().filter(x -> x.captures(14)).findFirst().orElseThrow();
        ArbiterEvent e = new ArbiterEvent(EventType.MOVE, null, 1, Color.WHITE, 1, m.path(), m.toString(), m, before,
                before.apply(m), null);
        JsonNode n = mapper.readTree(new EventJson(Variant.INTERNATIONAL).toLine(e));
        assertEquals("47x38x20x9x36", n.get("notation").asText());
        assertFalse(n.has("whiteMs"));
        assertFalse(n.has("subtype"));
    }

    @Test
    void anIrregularPlyEndsAPdnRecordAndTheNextStartsFromTheRealPosition() {
        Game g = Game.from(Position.start(), Variant.INTERNATIONAL).play(Move.quiet(32, 28)).play(Move.quiet(19, 23));
        Position irregular = g.position().with(28, null).with(33, g.position().pieceAt(28)).withSideToMove(Color.BLACK);
        g = g.playIrregular(irregular).play(Move.quiet(23, 29));
        List<PdnGame> records = ReconstructedPdn.records(g, Map.of("Event", "test"));
        assertEquals(2, records.size());
        assertEquals(List.of(Move.quiet(32, 28), Move.quiet(19, 23)), records.get(0).plies());
        assertEquals(irregular, records.get(1).start());
        assertEquals(List.of(Move.quiet(23, 29)), records.get(1).plies());
        List<PdnGame> back = PdnReader.parse(ReconstructedPdn.write(g, Map.of("Event", "test")));
        assertEquals(records.get(1).start(), back.get(1).start());
        assertEquals(records.get(1).plies(), back.get(1).plies());
    }
}
