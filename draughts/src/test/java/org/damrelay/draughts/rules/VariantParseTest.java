package org.damrelay.draughts.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VariantParseTest {

    @Test
    void namesInAnyCaseAndPdnGameTypes() {
        assertEquals(Variant.INTERNATIONAL, Variant.parse("international"));
        assertEquals(Variant.FRISIAN, Variant.parse(" Frisian "));
        assertEquals(Variant.INTERNATIONAL, Variant.parse("20"));
        assertEquals(Variant.FRISIAN, Variant.parse("40,W,10,10,N,0"));
    }

    @Test
    void anythingElseIsNamedInTheError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Variant.parse("checkers"));
        assertTrue(e.getMessage().contains("unknown variant \"checkers\""), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Variant.parse("30")).getMessage().contains("GameType \"30\""));
        assertThrows(IllegalArgumentException.class, () -> Variant.parse(""));
    }
}
