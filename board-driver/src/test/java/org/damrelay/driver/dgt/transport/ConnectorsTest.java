package org.damrelay.driver.dgt.transport;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.damrelay.driver.clock.ManualClock;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.driver.testing.FakeSingleBoard;
import org.junit.jupiter.api.Test;

class ConnectorsTest {
    private final ManualClock clock = new ManualClock();
    private final Map<String, FakeSingleBoard> devices = Map.of(
            "/dev/ttyACM1", new FakeSingleBoard("99999", PieceCodes.standard()),
            "/dev/ttyACM2", new FakeSingleBoard("12345", PieceCodes.standard()));
    private final List<MemoryChannel> opened = new ArrayList<>();

    private SerialChannel open(String path) throws IOException {
        if (path.equals("/dev/ttyS0")) {
            throw new IOException("permission denied");
        }
        FakeSingleBoard board = devices.get(path);
        MemoryChannel c = board == null ? MemoryChannel.scripted(path, clock, b -> {}) : board.plugIn(path, clock);
        opened.add(c);
        return c;
    }

    @Test
    void findsTheBoardBySerialNumberAndClosesTheOtherPorts() throws IOException {
        Connector c = Connectors.bySerialNumber("12345", () -> List.of("/dev/ttyS0", "/dev/ttyACM0", "/dev/ttyACM1", "/dev/ttyACM2"),
                this::open, clock, Duration.ofMillis(1000));
        SerialChannel found = c.connect();
        assertEquals("/dev/ttyACM2", found.name());
        assertFalse(((MemoryChannel) found).isClosed());
        assertTrue(opened.get(0).isClosed(), "the silent port is closed again");
        assertTrue(opened.get(1).isClosed(), "the other board's port is closed again");
    }

    @Test
    void noMatchNamesWhatWasTried() {
        Connector c = Connectors.bySerialNumber("55555", () -> List.of("/dev/ttyS0", "/dev/ttyACM0", "/dev/ttyACM1"),
                this::open, clock, Duration.ofMillis(1000));
        IOException e = assertThrows(IOException.class, c::connect);
        assertTrue(e.getMessage().contains("55555"), e.getMessage());
        assertTrue(e.getMessage().contains("/dev/ttyS0 (permission denied)"), e.getMessage());
        assertTrue(e.getMessage().contains("/dev/ttyACM0 (no answer)"), e.getMessage());
        assertTrue(e.getMessage().contains("/dev/ttyACM1 (serial 99999)"), e.getMessage());
        assertTrue(clock.millis() <= 2 * 1000 + 100, "each port gets only the answer timeout");
    }
}
