package org.damrelay.emulator.speaker;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.junit.jupiter.api.Test;

class WireTest {
    private static List<BoardMessage> decode(List<byte[]> line) {
        List<BoardMessage> out = new ArrayList<>();
        MessageDecoder d = new MessageDecoder(Framing.BUS, (t, m) -> out.add(m));
        for (byte[] b : line) d.feed(0, b);
        return out;
    }

    @Test
    void answersFarApartArriveWhole() {
        byte[] a = new BusReply.BusPing(201).encode(), b = new BusReply.BusPing(202).encode();
        List<byte[]> line = Wire.carry(List.of(new Wire.Sending(0, 0, a), new Wire.Sending(1, 50, b)));
        assertEquals(List.of(new BusReply.BusPing(201), new BusReply.BusPing(202)), decode(line));
    }

    @Test
    void answersThatOverlapCollideAndNeitherCanBeRead() {
        byte[] a = new BusReply.BusPing(201).encode(), b = new BusReply.BusPing(202).encode();
        List<byte[]> line = Wire.carry(List.of(new Wire.Sending(0, 0, a), new Wire.Sending(1, 2, b)));
        assertEquals(1, line.size());
        assertEquals(a.length + 2, line.get(0).length, "b started two byte-times after a");
        assertTrue(decode(line).stream().noneMatch(m -> m.equals(new BusReply.BusPing(201)) || m.equals(new BusReply.BusPing(202))));
    }

    @Test
    void oneBoardsMessagesFollowEachOtherEvenAtTheSameInstant() {
        byte[] a = new BusReply.BusPing(201).encode(), b = new BusReply.BusVersion(201, 1, 3).encode();
        assertEquals(List.of(new BusReply.BusPing(201), new BusReply.BusVersion(201, 1, 3)),
                decode(Wire.carry(List.of(new Wire.Sending(0, 0, a), new Wire.Sending(0, 0, b)))));
    }
}
