package org.damrelay.emulator;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.board.Sensed;
import org.junit.jupiter.api.Test;

class EmulatorTest {
    private static final long SETTLE_MS = 650;

    private static Timeline play(EmulatorConfig config, List<Move> moves) {
        return new Emulator(config).play(Position.start(), moves);
    }

    @Test
    void theSameSeedGivesTheSameTimelineAndAnotherSeedAnother() {
        List<Move> moves = RandomGames.play(Position.start(), 11, 80);
        EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.heavy()).withSeed(42);
        assertEquals(play(config, moves), play(config, moves));
        assertNotEquals(play(config, moves), play(config.withSeed(43), moves));
    }

    @Test
    void theTimelineStartsWithTheBoardAndEndsWithTheFinalPosition() {
        List<Move> moves = RandomGames.play(Position.start(), 12, 60);
        Timeline t = play(EmulatorConfig.defaults().withNoise(NoiseProfile.none()), moves);
        BoardEvent.BoardDumped first = assertInstanceOf(BoardEvent.BoardDumped.class, t.events().get(0));
        assertEquals(Sensed.BLACK_MAN, first.fields()[Fields.ofSquare(1)]);
        Position end = Position.start();
        for (Move m : moves) end = end.apply(m);
        Sensed[] last = t.reportedBoardAt(t.endMillis());
        for (int s = 1; s <= 50; s++) assertEquals(Fields.sensed(end.pieceAt(s)), last[Fields.ofSquare(s)], "square " + s);
    }

    @Test
    void withoutNoiseEveryPlyIsOnePressAndTheClockRunsFischer() {
        List<Move> moves = RandomGames.play(Position.start(), 13, 40);
        Timeline t = play(EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(0), moves);
        List<BoardEvent.ClockRead> readings = t.only(BoardEvent.ClockRead.class);
        assertEquals(moves.size() + 2, readings.size(), "the clock as set, started, and one reading per press");
        assertFalse(readings.get(0).clock().running());
        for (int i = 2; i < readings.size(); i++) {
            assertNotEquals(readings.get(i - 1).clock().rightLeverHigh(), readings.get(i).clock().rightLeverHigh(), "each press flips the lever");
        }
        // White (right side) has pressed 20 times: 80 min + 20 min increment minus thinking.
        var whiteLeft = readings.get(readings.size() - 1).clock().right();
        assertTrue(whiteLeft.toMinutes() > 80 && whiteLeft.toMinutes() < 100, "white's time " + whiteLeft);
    }

    @Test
    void heavyNoiseKeepsLegalGamesLegal() {
        for (long seed = 1; seed <= 12; seed++) {
            List<Move> moves = RandomGames.play(Position.start(), 100 + seed, 150);
            for (boolean turned : new boolean[] {false, true}) {
                EmulatorConfig config = EmulatorConfig.defaults().withNoise(NoiseProfile.heavy()).withSeed(seed).withTurned(turned);
                SettleReconstruction reader = new SettleReconstruction(Position.start(), SETTLE_MS, turned);
                play(config, moves).replayTo(reader);
                assertEquals(moves, reader.finish(), "seed " + seed + (turned ? " turned" : ""));
            }
        }
    }

    @Test
    void defaultNoiseKeepsLegalGamesLegal() {
        for (long seed = 1; seed <= 12; seed++) {
            List<Move> moves = RandomGames.play(Position.start(), 200 + seed, 150);
            SettleReconstruction reader = new SettleReconstruction(Position.start(), SETTLE_MS, false);
            play(EmulatorConfig.defaults().withSeed(seed), moves).replayTo(reader);
            assertEquals(moves, reader.finish(), "seed " + seed);
        }
    }
}
