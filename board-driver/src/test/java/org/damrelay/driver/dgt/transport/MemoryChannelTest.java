package org.damrelay.driver.dgt.transport;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.damrelay.driver.clock.ManualClock;
import org.junit.jupiter.api.Test;

class MemoryChannelTest {

    @Test
    void aPairCarriesBytesBothWays() throws IOException {
        MemoryChannel[] p = MemoryChannel.pair("line");
        p[0].write(new byte[] {1, 2, 3});
        byte[] buf = new byte[2];
        assertEquals(2, p[1].read(buf, 10));
        assertArrayEquals(new byte[] {1, 2}, buf);
        assertEquals(1, p[1].read(buf, 10), "the rest of the chunk");
        assertEquals(3, buf[0]);
        assertEquals(0, p[1].read(buf, 1), "quiet line: timeout, nothing read");
        p[1].write(new byte[] {9});
        assertEquals(1, p[0].read(buf, 10));
    }

    @Test
    void withAManualClockSilenceMovesTimeOn() throws IOException {
        ManualClock clock = new ManualClock();
        MemoryChannel c = MemoryChannel.scripted("s", clock, b -> {});
        assertEquals(0, c.read(new byte[4], 250));
        assertEquals(250, clock.millis());
    }

    @Test
    void failuresAndDisconnectsAreIoErrors() {
        MemoryChannel c = MemoryChannel.scripted("s", new ManualClock(), b -> {});
        AtomicBoolean told = new AtomicBoolean();
        c.onDisconnect(() -> told.set(true));
        c.disconnect();
        assertTrue(told.get());
        IOException e = assertThrows(IOException.class, () -> c.read(new byte[1], 10));
        assertTrue(e.getMessage().contains("disconnected"));
        assertThrows(IOException.class, () -> c.write(new byte[1]));
        MemoryChannel closed = MemoryChannel.scripted("t", new ManualClock(), b -> {});
        closed.close();
        assertThrows(IOException.class, () -> closed.read(new byte[1], 10));
    }
}
