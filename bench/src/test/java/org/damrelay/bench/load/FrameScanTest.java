package org.damrelay.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.relay.fanout.SpectatorFanout;
import org.junit.jupiter.api.Test;

class FrameScanTest {

    private static ByteBuf bytes(String s) {
        return Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsVersionAndStampFromTheRelaysOwnEncoding() {
        SpectatorMessage m = SpectatorMessage.newBuilder().setUpdate(GameUpdate.newBuilder().setGameId("g").setVersion(42)
                .setRelayTimeMs(1795248000000L).setEvent(GameEvent.newBuilder().setType(EventType.MOVE).setPly(7)
                        .setSentNanos(-123456789012345L))).build();
        ByteBuf b = bytes(SpectatorFanout.json(m));
        assertTrue(FrameScan.isUpdate(b));
        assertFalse(FrameScan.isSnapshot(b));
        assertEquals(42, FrameScan.version(b));
        assertEquals(-123456789012345L, FrameScan.sentNanos(b));
    }

    @Test
    void absentFieldsReadAsNotThere() {
        ByteBuf b = bytes("{\"subscribed\":{\"gameId\":\"g\"}}");
        assertTrue(FrameScan.isSubscribed(b));
        assertEquals(-1, FrameScan.version(b));
        assertEquals(0, FrameScan.sentNanos(b));
        assertEquals(-1, FrameScan.version(bytes("{\"update\":{\"version\":}}")));
    }
}
