package org.damrelay.emulator.scenario;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.Sensed;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.Fields;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;

class ScenarioTest {
    private static final EmulatorConfig QUIET = EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0);

    private static Timeline play(String text) {
        return new ScenarioRunner(Variant.INTERNATIONAL).run(ScenarioParser.parse(text), QUIET);
    }

    private static Sensed finalAt(Timeline t, int square) {
        return t.reportedBoardAt(t.endMillis())[Fields.ofSquare(square)];
    }

    @Test
    void everyStepOfTheFormatParses() {
        Scenario s = ScenarioParser.parse("""
                # a comment
                start W:W31-50:B1-20
                move 32-28 slide hold 500   # trailing comment
                move 19-23 press-late by black
                move 28x19 remove 23,14 reverse nocrown
                takeback
                lift 33
                put 29
                remove 20,18
                crown 29
                uncrown 29
                press white
                wait 2000
                knock 27 300
                flicker 31
                unknown 35
                turn board
                unplug 1500
                """);
        assertEquals(Position.start(), s.start());
        assertEquals(16, s.steps().size());
        Step.MovePly capture = assertInstanceOf(Step.MovePly.class, s.steps().get(2));
        assertEquals(List.of(28, 19), capture.squares());
        assertEquals(List.of(23, 14), capture.plan().removeOverride());
        assertEquals(5, capture.line());
    }

    @Test
    void badLinesAreNamedWithTheirNumber() {
        record Bad(String text, int line, String says) {}
        for (Bad b : List.of(
                new Bad("move 32-28\n\njump 28\n", 3, "unknown step \"jump\""),
                new Bad("move 32-61\n", 1, "square 61"),
                new Bad("move 32-28 quickly\n", 1, "unknown move modifier \"quickly\""),
                new Bad("wait\n", 1, "takes 1 argument"),
                new Bad("move 32-28\nstart W:W31-50:B1-20\n", 2, "before every other step"),
                new Bad("start W:W31-99:B1-20\n", 1, "start W:W31-99"),
                new Bad("press green\n", 1, "not a side"),
                new Bad("move 32x28-23\n", 1, "not a move"))) {
            ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(b.text()), b.text());
            assertEquals(b.line(), e.line(), e.getMessage());
            assertTrue(e.getMessage().contains(b.says()), e.getMessage());
        }
    }

    @Test
    void stepsThatCannotHappenOnABoardFailWithTheirLine() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> play("move 32-28\nlift 28\nlift 27\n"));
        assertEquals(3, e.line());
        e = assertThrows(ScenarioException.class, () -> play("takeback\n"));
        assertEquals(1, e.line());
        e = assertThrows(ScenarioException.class, () -> play("move 30-25\n"));
        assertTrue(e.getMessage().contains("no piece on 30"));
    }

    @Test
    void aWrongRemovalLeavesTheCapturedPieceAndTakesAnother() {
        Timeline t = play("move 32-28\nmove 19-23\nmove 28x19 remove 14\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 19));
        assertEquals(Sensed.BLACK_MAN, finalAt(t, 23), "the captured piece stays");
        assertEquals(Sensed.EMPTY, finalAt(t, 14), "the wrong piece went");
    }

    @Test
    void aTakebackRestoresTheBoardAndTheGameGoesOn() {
        Timeline t = play("move 32-28\nmove 19-23\nmove 28x19\ntakeback\nmove 33-29\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 28));
        assertEquals(Sensed.BLACK_MAN, finalAt(t, 23));
        assertEquals(Sensed.EMPTY, finalAt(t, 19));
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 29));
        long emptied23 = t.only(BoardEvent.FieldChanged.class).stream().filter(e -> e.field() == Fields.ofSquare(23)).count();
        assertEquals(3, emptied23, "23 filled, emptied by the capture, filled again by the takeback");
    }

    @Test
    void irregularMovesArePlayedAsWritten() {
        Timeline t = play("move 32-28\nmove 28-32 by white\nmove 31-27 by white\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 32), "a backward man move");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 27), "white twice");
        t = play("move 32-28\nmove 33-29\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 29), "an opponent's piece moved by black");
    }

    @Test
    void anUncrownedPromotionStaysAManAndACrownCanComeLater() {
        String setup = "start W:W12:B45\n";
        Timeline never = play(setup + "move 12-7\nmove 45-50\nmove 7-1 nocrown\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(never, 1));
        Timeline later = play(setup + "move 12-7\nmove 45-50\nmove 7-1 nocrown\nwait 3000\ncrown 1\n");
        assertEquals(Sensed.WHITE_KING, finalAt(later, 1));
        Timeline atOnce = play(setup + "move 12-7\nmove 45-50\nmove 7-1\n");
        assertEquals(Sensed.WHITE_KING, finalAt(atOnce, 1));
    }

    @Test
    void pressWithoutMoveAndTurningAndUnplugging() {
        Timeline t = play("move 32-28\npress black\nturn\nunplug 2000\nmove 19-23\n");
        List<BoardEvent.ClockRead> readings = t.only(BoardEvent.ClockRead.class);
        assertEquals(5, readings.size(), "set, started, white's press, black's bare press, black's move");
        List<BoardEvent.LinkChanged> links = t.only(BoardEvent.LinkChanged.class);
        assertEquals(List.of(false, true), links.stream().map(BoardEvent.LinkChanged::connected).toList());
        Sensed[] end = t.reportedBoardAt(t.endMillis());
        assertEquals(Sensed.WHITE_MAN, end[99 - Fields.ofSquare(28)], "turned: 28 reports on 99-f");
        assertEquals(Sensed.BLACK_MAN, end[99 - Fields.ofSquare(23)]);
    }

    @Test
    void liftAndPutMoveWhatTheHandHolds() {
        Timeline t = play("lift 31\nput 26\nknock 26 500\nunknown 26\n");
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 26));
        assertEquals(Sensed.EMPTY, finalAt(t, 31));
        assertTrue(t.only(BoardEvent.FieldChanged.class).stream().anyMatch(e -> e.now() == Sensed.UNKNOWN));
    }

    @Test
    void theExampleInTheDocsRuns() throws IOException {
        String doc = Files.readString(Path.of("../docs/emulator.md"));
        int at = doc.indexOf("```\nstart W:W12,32:B14,19,45");
        String example = doc.substring(at + 4, doc.indexOf("```", at + 4));
        Timeline t = play(example);
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 12), "the uncrowned promotion moved on");
        assertEquals(Sensed.BLACK_MAN, finalAt(t, 40));
        assertEquals(Sensed.EMPTY, finalAt(t, 14));
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 19));
    }

    @Test
    void aQuarterTurnPutsEveryPieceOnALightField() {
        Timeline t = play("move 32-28\nturn quarter\n");
        Sensed[] end = t.reportedBoardAt(t.endMillis());
        int pieces = 0;
        for (int f = 0; f < 100; f++) {
            if (end[f].isOccupied()) {
                pieces++;
                assertFalse(Fields.isDark(f), "field " + f + " is dark");
            }
        }
        assertEquals(40, pieces);
    }

    @Test
    void theClockCanBeSetSoAFlagFallsOrSoItIsBronsteinInsteadOfFischer() {
        Timeline flag = play("clock 0:05 0\nwait 8000\n");
        assertTrue(flag.only(BoardEvent.ClockRead.class).stream().anyMatch(r -> r.clock().rightFlag()), "white (right) flagged");
        long fischer = play("clock 10:00 60\nmove 32-28\n").only(BoardEvent.ClockRead.class).get(2).clock().right().toSeconds();
        long bronstein = play("clock 10:00 60 bronstein\nmove 32-28\n").only(BoardEvent.ClockRead.class).get(2).clock().right().toSeconds();
        assertTrue(fischer > 600, "Fischer: 60 s added for a move of less: " + fischer);
        assertTrue(bronstein <= 600 && bronstein >= 599, "Bronstein: only the time used comes back: " + bronstein);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("move 32-28\nclock 5 0\n"));
        assertEquals(2, e.line());
    }

    @Test
    void aFrisianScenarioPlaysAnOrthogonalCaptureAsTheLegalMove() {
        // Frisian: a man captures straight ahead over two rows: 38 over 28 to 18 (same column).
        String text = "variant frisian\nstart W:W38:B28\nmove 38x18\n";
        assertEquals(Variant.FRISIAN, ScenarioParser.parse(text).variant());
        Timeline t = play(text);
        assertEquals(Sensed.WHITE_MAN, finalAt(t, 18));
        assertEquals(Sensed.EMPTY, finalAt(t, 28), "the captured piece went with the legal capture");
        // The same line is matched to Frisian's legal capture, and is no legal international move.
        Scenario sc = ScenarioParser.parse(text);
        Step.MovePly ply = (Step.MovePly) sc.steps().get(0);
        var frisian = ScenarioRunner.resolve(ply, sc.start(), Variant.FRISIAN);
        assertTrue(Variant.FRISIAN.legalMoves(sc.start()).contains(frisian));
        var international = ScenarioRunner.resolve(ply, sc.start(), Variant.INTERNATIONAL);
        assertFalse(Variant.INTERNATIONAL.legalMoves(sc.start()).contains(international));
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("variant chess\n"));
        assertTrue(e.getMessage().contains("unknown variant"));
    }
}
