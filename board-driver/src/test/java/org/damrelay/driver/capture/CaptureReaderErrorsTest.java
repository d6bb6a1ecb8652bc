package org.damrelay.driver.capture;

import static org.junit.jupiter.api.Assertions.*;

import java.io.StringReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CaptureReaderErrorsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "bad time          | 12a < 8e                      | 3 | time '12a'",
            "negative time     | -5 < 8e                       | 3 | time '-5'",
            "bad direction     | 12 = 8e                       | 3 | direction",
            "no bytes          | 12 <                          | 3 | direction",
            "bad hex           | 12 < 8e zz                    | 3 | byte 2 'zz'",
            "three digits      | 12 < 8e0                      | 3 | byte 1 '8e0'",
            "double space      | 12 <  8e                      | 3 | byte 1 ''",
            "time goes back    | 12 < 8e\\n\\n11 < 00            | 5 | time 11 is before the previous record's 12",
            "bad link comment  | # link-up: soon               | 3 | link-up",
    })
    void errorsNameTheLineAndTheProblem(String what, String body, int line, String expected) {
        String text = "# dgt-capture v1\n# board: serial 1\n" + body.replace("\\n", "\n") + "\n";
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> CaptureReader.read(new StringReader(text)), what);
        assertEquals(line, e.lineNumber(), e.getMessage());
        assertTrue(e.getMessage().startsWith("capture line " + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"12 < 8e|1", "# dgt-capture v2|1", "''|1"})
    void theHeaderComesFirst(String first, int line) {
        String text = first.replace("''", "") + "\n";
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> CaptureReader.read(new StringReader(text)));
        assertEquals(line, e.lineNumber());
        assertTrue(e.getMessage().contains("header"), e.getMessage());
    }
}
