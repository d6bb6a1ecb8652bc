package org.damrelay.relay.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthThrottleTest {

    @Test
    void theWaitGrowsWithTheAddressesFailuresAndEndsWithTheWindow() throws Exception {
        AuthThrottle t = new AuthThrottle(3, 60_000);
        InetAddress hall = InetAddress.getByName("10.0.0.7"), other = InetAddress.getByName("10.0.0.8");
        List<Long> waits = new ArrayList<>();
        for (int i = 0; i < 8; i++) waits.add(t.failed(hall, "/ingest", "unknown token", 1_000 + i));
        assertEquals(List.of(0L, 0L, 0L, 1_000L, 2_000L, 4_000L, 8_000L, 8_000L), waits, "free, then doubling up to the cap");
        assertEquals(0, t.failed(other, "/ingest", "unknown token", 1_010), "another address does not pay for this one");
        assertEquals(8, t.failures(hall, 2_000));
        // a minute after the failures they no longer count
        assertEquals(0, t.failed(hall, "/ingest", "unknown token", 61_100));
        assertEquals(1, t.failures(hall, 61_100));
    }
}
