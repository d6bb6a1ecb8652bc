package org.damrelay.relay.fanout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.DefaultEventLoop;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.SpectatorMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AudienceTest {

    private final EventLoop loopA = new DefaultEventLoop();
    private final EventLoop loopB = new DefaultEventLoop();

    @AfterEach
    void stop() {
        loopA.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        loopB.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    private record Conn(String name, EventLoop eventLoop) implements SpectatorConnection {
        public boolean deliver(ByteBuf frame) { frame.release(); return true; }
        public void flush() {}
        public void send(SpectatorMessage message) {}
        public void sendShared(TextWebSocketFrame frame) { frame.release(); }
        public void caughtUp() {}
        public void closeTooMany(String reason) {}
    }

    private Map<EventLoop, SpectatorConnection[]> snapshot(Audience a) {
        Map<EventLoop, SpectatorConnection[]> m = new HashMap<>();
        a.forEachLoop(m::put);
        return m;
    }

    @Test
    void groupsSubscribersByEventLoop() {
        Audience a = new Audience(Scope.game("e-r1-b1"));
        Conn a1 = new Conn("a1", loopA), a2 = new Conn("a2", loopA), b1 = new Conn("b1", loopB);
        assertTrue(a.add(a1));
        assertTrue(a.add(b1));
        assertTrue(a.add(a2));
        assertFalse(a.add(a1), "a second subscription of the same connection is not a second recipient");
        Map<EventLoop, SpectatorConnection[]> m = snapshot(a);
        assertEquals(2, m.size());
        assertArrayEquals(new SpectatorConnection[] {a1, a2}, m.get(loopA));
        assertArrayEquals(new SpectatorConnection[] {b1}, m.get(loopB));
        assertEquals(3, a.size());
    }

    @Test
    void aHandedOutArrayIsNotChangedByLaterSubscriptionsButTheNextOneIs() {
        Audience a = new Audience(Scope.game("e-r1-b1"));
        Conn a1 = new Conn("a1", loopA), a2 = new Conn("a2", loopA);
        a.add(a1);
        SpectatorConnection[] first = snapshot(a).get(loopA);
        assertTrue(first == snapshot(a).get(loopA), "unchanged membership reuses the prepared array");
        a.add(a2);
        assertArrayEquals(new SpectatorConnection[] {a1}, first);
        assertArrayEquals(new SpectatorConnection[] {a1, a2}, snapshot(a).get(loopA));
        a.remove(a1);
        assertArrayEquals(new SpectatorConnection[] {a2}, snapshot(a).get(loopA));
    }

    @Test
    void theLastToLeaveEmptiesIt() {
        Audience a = new Audience(Scope.game("e-r1-b1"));
        Conn b1 = new Conn("b1", loopB);
        a.add(b1);
        assertFalse(a.remove(new Conn("other", loopB)));
        assertTrue(a.remove(b1));
        assertFalse(a.remove(b1));
        assertTrue(a.isEmpty());
        assertTrue(snapshot(a).isEmpty());
    }
}
