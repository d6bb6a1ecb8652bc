package org.damrelay.draughts.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.Result;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.junit.jupiter.api.Test;

class PdnReaderTest {

    private static List<String> moves(PdnGame g) {
        List<String> out = new ArrayList<>();
        for (Move m : g.plies()) out.add(Notation.shortForm(m));
        return out;
    }

    @Test
    void tagsMovesAndResult() {
        PdnGame g = PdnReader.parse("""
                [Event "NK"]
                [White "Derkx,B."]
                [Black "Meijer,Hein"]
                [Result "2-0"]
                1. 32-28 19-23 2. 28x19 14x23 2-0
                """).get(0);
        assertEquals(List.of("Event", "White", "Black", "Result"), List.copyOf(g.tags().keySet()));
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), moves(g));
        assertEquals("2-0", g.result());
        assertEquals(Result.WHITE_WINS, g.outcome());
        assertEquals(Variant.INTERNATIONAL, g.variant());
        assertEquals(Position.start(), g.start());
        assertEquals(5, g.positions().size());
    }

    @Test
    void commentsVariationsNagsAndNumberQuirks() {
        String text = "[White \"A\"]\r\n[Black \"B\"]\r\n"
                + "1.32-28 {a comment [not a tag]} 18-22 ; line comment 99-99\r\n"
                + "2. 37-32 $1 ( 2. 31-27 ( 2. 33-29 ) 22x31 ) 2... 12-18 ! 3. 41-37?! 7-12\r\n"
                + "4.46-41  1- 7 5. 34-29 20 - 25 6. 39-34 22-27 7. 31x 22 ?? 18x27 1/2-1/2";
        PdnGame g = PdnReader.parse(text).get(0);
        assertEquals(List.of("32-28", "18-22", "37-32", "12-18", "41-37", "7-12", "46-41", "1-7",
                "34-29", "20-25", "39-34", "22-27", "31x22", "18x27"), moves(g));
        assertEquals("1/2-1/2", g.result());
        assertEquals(Result.DRAW, g.outcome());
    }

    @Test
    void severalGamesAndATagOnlyRecord() {
        String text = """
                [White "A"]
                [Black "B"]
                1. 32-28 0-2
                [White "C"]
                [Black "D"]
                [Result "1-1"]

                [White "E"]
                [Black "F"]
                1. 33-28 *
                """;
        List<PdnGame> games = PdnReader.parse(text);
        assertEquals(3, games.size());
        assertEquals(Result.BLACK_WINS, games.get(0).outcome());
        assertEquals(0, games.get(1).plies().size());
        assertEquals("1-1", games.get(1).result());
        assertEquals("C - D", games.get(1).players());
        assertEquals(Result.ONGOING, games.get(2).outcome());
        assertEquals(List.of("33-28"), moves(games.get(2)));
    }

    @Test
    void gamesWithoutResultTokensAreSplitAtTags() {
        List<PdnGame> games = PdnReader.parse("[White \"A\"]\n1. 32-28 18-23\n[White \"B\"]\n1. 31-26\n");
        assertEquals(2, games.size());
        assertEquals(2, games.get(0).plies().size());
        assertEquals("*", games.get(0).result());
        assertEquals(1, games.get(1).plies().size());
    }

    @Test
    void fenTagStartsTheGameAndBlackMayMoveFirst() {
        PdnGame g = PdnReader.parse("[FEN \"B:W28,40:B23\"]\n1... 23x32 2. 40-34 *").get(0);
        assertEquals(Fen.parse("B:W28,40:B23"), g.start());
        assertEquals(List.of("23x32", "40-34"), moves(g));
        assertEquals(List.of(28), g.plies().get(0).capturedSquares());
        PdnException e = assertThrows(PdnException.class,
                () -> PdnReader.parse("[FEN \"B:W28,40:B23\"]\n1... 23x32 40-33 *"));
        assertTrue(e.getMessage().contains("move 2 white: \"40-33\" is not a legal move"), e.getMessage());
    }

    @Test
    void longFormCapturePicksAmongAmbiguousCaptures() {
        String head = "[FEN \"W:WK47:B14,19,29,31,42\"]\n";
        Move viaTwenty = PdnReader.parse(head + "1. 47x38x20x9x36 *").get(0).plies().get(0);
        Move viaTwentyFour = PdnReader.parse(head + "1. 47x38x24x13x36 *").get(0).plies().get(0);
        assertTrue(viaTwenty.captures(14));
        assertTrue(viaTwentyFour.captures(19));
        PdnException e = assertThrows(PdnException.class, () -> PdnReader.parse(head + "1. 47x36 *"));
        assertTrue(e.getMessage().contains("\"47x36\" is ambiguous: "), e.getMessage());
        assertTrue(e.getMessage().contains("47x38x24x13x36") && e.getMessage().contains("47x38x20x9x36"), e.getMessage());
    }

    @Test
    void gameTypeFortyIsFrisian() {
        PdnGame g = PdnReader.parse("[GameType \"40\"]\n[FEN \"W:W28:B18\"]\n1. 28x8 *").get(0);
        assertEquals(Variant.FRISIAN, g.variant());
        assertEquals(List.of(18), g.plies().get(0).capturedSquares());
    }

    @Test
    void illegalMoveNamesGameMoveSideAndText() {
        String text = """
                [White "X"]
                [Black "Y"]
                1. 32-28 2-0
                [White "P"]
                [Black "Q"]
                1. 32-28 19-23 2. 28x19 14x23
                [White "Derkx,B."]
                [Black "Meijer,Hein"]
                1. 32-28 18-23 2. 37-32 19x28 *
                """;
        PdnException e = assertThrows(PdnException.class, () -> PdnReader.parse(text));
        assertTrue(e.getMessage().startsWith(
                "game 3 (Derkx,B. - Meijer,Hein), move 2 black: \"19x28\" is not a legal move"), e.getMessage());
        assertEquals(3, e.gameNumber());
        assertEquals(3, e.partial().plies().size());
    }

    @Test
    void lenientReadingReportsTheBadGameAndKeepsTheOthers() {
        String text = """
                [White "A"]
                [Black "B"]
                1. 32-28 19-23 2. 28x19 *
                [White "C"]
                [Black "D"]
                1. 32-28 18-23 2. 28-24 *
                [White "E"]
                [Black "F"]
                1. 31-26 2-0
                """;
        List<PdnException> errors = new ArrayList<>();
        List<PdnGame> games = PdnReader.parse(text, errors::add);
        assertEquals(List.of("A - B", "E - F"), games.stream().map(PdnGame::players).toList());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).getMessage().contains("game 2 (C - D), move 2 white: \"28-24\" is not a legal move"),
                errors.get(0).getMessage());
        assertEquals(List.of("32-28", "18-23"), moves(errors.get(0).partial()));
    }

    @Test
    void aMalformedTagSpoilsOnlyItsOwnRecord() {
        String text = "[White \"A\"]\n[Black \"B\n[Result \"2-0\"]\n1. 32-28 2-0\n"
                + "[White \"C\"]\n[Black \"D\"]\n1. 33-28 *\n";
        List<PdnException> errors = new ArrayList<>();
        List<PdnGame> games = PdnReader.parse(text, errors::add);
        assertEquals(List.of("C - D"), games.stream().map(PdnGame::players).toList());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).getMessage().startsWith("game 1 (A - ?), malformed tag [Black \"B on line 2"),
                errors.get(0).getMessage());
    }

    @Test
    void syntaxErrorsNameTheGameAndWhatWasWrong() {
        assertMessage("[White \"A\"]\n1. 32-28 hello *", "game 1 (A - ?), unexpected \"hello\" on line 2");
        assertMessage("[White \"A\"]\n1. 32-28 { never closed", "game 1 (A - ?), comment opened on line 2 is never closed");
        assertMessage("[White \"A\"]\n1. 32-28 ( 1. 33-28 *", "game 1 (A - ?), variation \"(\" never closed");
        assertMessage("[White \"A\"]\n1. 32-28 ) *", "\")\" without \"(\" on line 2");
        assertMessage("[White \"A\"]\n[FEN \"W:W51\"]\n*", "game 1 (A - ?), FEN tag: square 51 out of range in \"W:W51\"");
        assertMessage("[GameType \"21\"]\n*", "game 1 (? - ?), GameType tag: unsupported GameType \"21\"");
        assertMessage("[White \"A\"]\n1. 32-58 *", "move 1 white: square 58 out of range in \"32-58\"");
        assertMessage("[White \"A\"]\n1. 32-100 *", "move 1 white: square 100 out of range in \"32-100\"");
        assertMessage("[White \"A\"]\n[Black \"B\n1. 32-28 *", "malformed tag [Black \"B");
    }

    private static void assertMessage(String text, String expected) {
        PdnException e = assertThrows(PdnException.class, () -> PdnReader.parse(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void latinOneAndUtf8AreBothRead() {
        String pdn = "[White \"Ga\u00ebtan\"]\n[Black \"M\u00f8ller\"]\n1. 32-28 *\n";
        assertEquals("Ga\u00ebtan - M\u00f8ller",
                PdnReader.parse(PdnReader.decode(pdn.getBytes(StandardCharsets.UTF_8))).get(0).players());
        assertEquals("Ga\u00ebtan - M\u00f8ller",
                PdnReader.parse(PdnReader.decode(pdn.getBytes(StandardCharsets.ISO_8859_1))).get(0).players());
    }

    @Test
    void emptyTextHasNoGames() {
        assertEquals(0, PdnReader.parse("").size());
        assertEquals(0, PdnReader.parse("  ; only a comment\n{ and another }\n").size());
        assertNull(PdnReader.parse("[White \"A\"]").get(0).tag("Black"));
    }

    @Test
    void frisianFourthKingMoveInARowIsRefusedWithArticle17() {
        String game = """
                [GameType "40"]
                [FEN "W:WK50,36:B15,K1"]
                1. 50-44 1-7 2. 44-50 7-1 3. 50-44 1-7 4. 44-50 *
                """;
        PdnException e = assertThrows(PdnException.class, () -> PdnReader.parse(game));
        assertTrue(e.getMessage().contains("art. 17") && e.getMessage().contains("move 4 white"), e.getMessage());
        // three in a row, then another piece: fine; and a side with only kings is not bound
        assertEquals(7, PdnReader.parse(game.replace("4. 44-50", "4. 36-31")).get(0).plies().size());
        assertEquals(7, PdnReader.parse(game.replace("W:WK50,36:B15,K1", "W:WK50,K36:B15,K1")).get(0).plies().size());
        // international draughts knows no such limit
        assertEquals(7, PdnReader.parse(game.replace("[GameType \"40\"]", "")).get(0).plies().size());
    }
}
