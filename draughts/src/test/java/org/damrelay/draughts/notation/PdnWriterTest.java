package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

class PdnWriterTest {

    @Test
    void standardTagsNumberedMovesAndDraughtsResult() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("White", "Derkx,B.");
        tags.put("Black", "Meijer,Hein");
        tags.put("Event", "NK");
        tags.put("WhiteTime", "2.23");
        Position p = Position.start();
        List<Move> plies = List.of(Move.quiet(32, 28), Move.quiet(19, 23),
                Notation.resolve(p.apply(Move.quiet(32, 28)).apply(Move.quiet(19, 23)), Variant.INTERNATIONAL, "28x19"));
        String text = PdnWriter.write(new PdnGame(tags, Variant.INTERNATIONAL, p, plies, "1-0"));
        assertEquals("""
                [Event "NK"]
                [Site "?"]
                [Date "????.??.??"]
                [Round "?"]
                [White "Derkx,B."]
                [Black "Meijer,Hein"]
                [Result "2-0"]
                [GameType "20"]
                [WhiteTime "2.23"]

                1. 32-28 19-23 2. 28x19 2-0

                """, text);
    }

    @Test
    void fenTagBlackToMoveAndLongForm() {
        Position a = Fen.parse("B:W28,40:BK1,23");
        Position afterCapture = a.apply(Notation.resolve(a, Variant.INTERNATIONAL, "23x32"));
        List<Move> plies = List.of(Notation.resolve(a, Variant.INTERNATIONAL, "23x32"),
                Notation.resolve(afterCapture, Variant.INTERNATIONAL, "40-34"));
        String text = PdnWriter.write(new PdnGame(Map.of(), Variant.INTERNATIONAL, a, plies, "*"));
        assertTrue(text.contains("[FEN \"B:W28,40:BK1,23\"]\n"), text);
        assertTrue(text.endsWith("\n1... 23x32 2. 40-34 *\n\n"), text);

        Position rowA = Fen.parse("W:WK47:B14,19,29,31,42");
        Move m = Notation.resolve(rowA, Variant.INTERNATIONAL, "47x38x20x9x36");
        String written = PdnWriter.write(new PdnGame(Map.of(), Variant.INTERNATIONAL, rowA, List.of(m), "2-0"));
        assertTrue(written.contains("\n1. 47x38x20x9x36 2-0\n"), written);
    }

    @Test
    void aStaleFenTagIsNotWrittenAndGamesConcatenate() {
        Map<String, String> tags = Map.of("FEN", "W:W28:B1");
        PdnGame g = new PdnGame(tags, Variant.INTERNATIONAL, Position.start(), List.of(Move.quiet(32, 28)), "*");
        String text = PdnWriter.writeAll(List.of(g, g));
        assertTrue(!text.contains("FEN"), text);
        assertEquals(2, PdnReader.parse(text).size());
    }

    @Test
    void frisianGameType() {
        Position p = Fen.parse("W:W28:B18,1");
        Move m = Notation.resolve(p, Variant.FRISIAN, "28x8");
        String text = PdnWriter.write(new PdnGame(Map.of(), Variant.FRISIAN, p, List.of(m), "*"));
        assertTrue(text.contains("[GameType \"40\"]"), text);
        PdnGame back = PdnReader.parse(text).get(0);
        assertEquals(Variant.FRISIAN, back.variant());
        assertEquals(List.of(m), back.plies());
    }

    @Test
    void longGamesWrapBelowEightyColumnsAndQuotesAreEscaped() {
        Map<String, String> tags = Map.of("Event", "the \"big\" one");
        Position p = Position.start();
        List<Move> plies = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            if (legal.isEmpty()) break;
            Move m = legal.get(i % legal.size());
            plies.add(m);
            p = p.apply(m);
        }
        String text = PdnWriter.write(new PdnGame(tags, Variant.INTERNATIONAL, Position.start(), plies, "*"));
        assertTrue(text.contains("[Event \"the \\\"big\\\" one\"]"), text);
        for (String line : text.split("\n")) assertTrue(line.length() < 80, line);
        PdnGame back = PdnReader.parse(text).get(0);
        assertEquals(plies, back.plies());
        assertEquals("the \"big\" one", back.tag("Event"));
    }
}
