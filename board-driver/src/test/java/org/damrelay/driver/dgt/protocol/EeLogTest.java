package org.damrelay.driver.dgt.protocol;

import static org.damrelay.driver.dgt.protocol.Recorder.bytes;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class EeLogTest {

    @Test
    void roundTripOfEveryEntryKind() {
        EeLog log = EeLog.of(new EeEntry.Marker(EeEntry.Marker.POWERUP), new EeEntry.Marker(EeEntry.Marker.BEGINPOS),
                new EeEntry.FieldTag(62, 0), new EeEntry.FieldTag(53, 1), new EeEntry.TimeTag(false, 1, 59, 3),
                new EeEntry.FieldTag(99, 0x0a), new EeEntry.TimeTag(true, 0, 0, 0), new EeEntry.Marker(EeEntry.Marker.NOP2),
                new EeEntry.Marker(EeEntry.Marker.BEGINPOS_ROT), new EeEntry.Marker(EeEntry.Marker.EOF));
        byte[] wire = log.encode();
        assertArrayEquals(bytes(0x6a, 0x6f, 0x40, 62, 0x41, 53, 0x61, 0x59, 0x03, 0x4a, 99, 0x70, 0x00, 0x00, 0x00, 0x7a, 0x6b), wire);
        assertEquals(log, EeLog.decode(wire));
        assertTrue(log.wellFormed());
    }

    @Test
    void bytesThatFitNoEntryAreKeptAndMarkTheLogMalformed() {
        byte[] wire = bytes(0x41, 0x10, 0x20, 0x61, 0x3f, 0x00, 0x41);
        EeLog log = EeLog.decode(wire);
        assertFalse(log.wellFormed());
        assertEquals(List.of(new EeEntry.FieldTag(16, 1), new EeEntry.Unknown(0x20), new EeEntry.Unknown(0x61),
                new EeEntry.Unknown(0x3f), new EeEntry.Marker(0), new EeEntry.Unknown(0x41)), log.entries());
        assertArrayEquals(wire, log.encode(), "kept byte for byte");
    }

    @Test
    void entriesRejectValuesTheyCannotEncode() {
        assertThrows(IllegalArgumentException.class, () -> new EeEntry.FieldTag(128, 1));
        assertThrows(IllegalArgumentException.class, () -> new EeEntry.TimeTag(false, 10, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new EeEntry.Marker(0x41));
    }
}
