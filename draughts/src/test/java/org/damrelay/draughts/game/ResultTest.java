package org.damrelay.draughts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResultTest {

    @ParameterizedTest
    @CsvSource({"2-0, WHITE_WINS", "1-0, WHITE_WINS", "1-1, DRAW", "1/2-1/2, DRAW", "0-2, BLACK_WINS",
            "0-1, BLACK_WINS", "0-0, BOTH_LOSE", "*, ONGOING"})
    void readsBothFamilies(String text, Result expected) {
        assertEquals(expected, Result.fromPdn(text));
    }

    @Test
    void writesBothFamilies() {
        assertEquals("2-0", Result.WHITE_WINS.pdn());
        assertEquals("1-0", Result.WHITE_WINS.pdn(Result.Scale.ONE_POINT));
        assertEquals("1-1", Result.DRAW.pdn(Result.Scale.TWO_POINT));
        assertEquals("1/2-1/2", Result.DRAW.pdn(Result.Scale.ONE_POINT));
        assertEquals("0-0", Result.BOTH_LOSE.pdn(Result.Scale.ONE_POINT));
    }

    @Test
    void unknownTextIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Result.fromPdn("3-0"));
        assertTrue(e.getMessage().contains("\"3-0\""), e.getMessage());
    }
}
