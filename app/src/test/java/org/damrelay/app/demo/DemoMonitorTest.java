package org.damrelay.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.damrelay.proto.EventType;
import org.junit.jupiter.api.Test;

class DemoMonitorTest {

    @Test
    void theTerminalNamesAlertsInWordsNotWireNames() {
        assertEquals("position unknown", DemoMonitor.words(EventType.POSITION_UNKNOWN));
        for (EventType type : EventType.values()) {
            if (type == EventType.UNRECOGNIZED) continue;
            String w = DemoMonitor.words(type);
            assertFalse(w.matches(".*[A-Z_].*"), type + " is shown as " + w);
        }
    }
}
