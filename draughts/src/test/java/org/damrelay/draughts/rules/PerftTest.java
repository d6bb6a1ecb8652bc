package org.damrelay.draughts.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Perft from the start position; the reference numbers are in shared/spec/rules.md. */
class PerftTest {
    @ParameterizedTest(name = "{0} perft {1} = {2}")
    @CsvSource({
            "INTERNATIONAL, 1, 9", "INTERNATIONAL, 2, 81", "INTERNATIONAL, 3, 658",
            "INTERNATIONAL, 4, 4265", "INTERNATIONAL, 5, 27117", "INTERNATIONAL, 6, 167140",
            "FRISIAN, 1, 9", "FRISIAN, 2, 81", "FRISIAN, 3, 658",
            "FRISIAN, 4, 3874", "FRISIAN, 5, 21265", "FRISIAN, 6, 102431"})
    void startPosition(Variant variant, int depth, long expected) {
        assertEquals(expected, Perft.count(variant.generator(), Position.start(), depth));
    }
}
