package org.damrelay.driver.dgt.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.Command;
import org.junit.jupiter.api.Test;

/** What the session asks of the board, beyond the set-up on connecting. */
class SingleBoardSessionTest {
    private final List<Long> boardRequests = new ArrayList<>();
    private final SingleBoardSession session = new SingleBoardSession(new Quiet(), SingleBoardSession.Config.defaults());

    private void send(long t, byte[] bytes) {
        if (bytes.length == 1 && bytes[0] == Command.SEND_BRD.encode()[0]) boardRequests.add(t);
    }

    private void feed(long t, byte[] bytes) throws Exception {
        session.onBytes(t, bytes, 0, bytes.length);
        session.onTick(t, this::send);
    }

    @Test
    void aCleanLineIsNotAskedForTheBoardAgain() throws Exception {
        session.onConnected(0, this::send);
        for (int i = 0; i < 20; i++) feed(1000 + i * 300L, new BoardMessage.FieldUpdate(54, i % 2).encode());
        assertEquals(List.of(0L), boardRequests);
    }

    @Test
    void bytesLostOnTheLineGetTheWholeBoardAskedForAgain() throws Exception {
        session.onConnected(0, this::send);
        byte[] update = new BoardMessage.FieldUpdate(54, 1).encode();
        // a FIELD_UPDATE whose last byte was dropped, followed by the next message: the decoder resyncs
        feed(2000, new byte[] {update[0], update[1], update[2], update[3]});
        feed(2100, new BoardMessage.FieldUpdate(63, 0).encode());
        assertEquals(List.of(0L, 2100L), boardRequests);
    }

    @Test
    void aBurstOfNoiseCostsOneRequestPerSecond() throws Exception {
        session.onConnected(0, this::send);
        for (int i = 0; i < 10; i++) feed(5000 + i * 50L, new byte[] {0x13, 0x27}); // garbage, every 50 ms
        feed(6100, new byte[] {0x13});
        assertEquals(List.of(0L, 5000L, 6100L), boardRequests);
    }

    private static final class Quiet implements BoardObserver {
        @Override public void onBoard(long t, Sensed[] fields) {}
        @Override public void onFieldChange(long t, int field, Sensed now) {}
        @Override public void onClock(long t, ClockReading clock) {}
        @Override public void onLink(long t, boolean connected) {}
    }
}
