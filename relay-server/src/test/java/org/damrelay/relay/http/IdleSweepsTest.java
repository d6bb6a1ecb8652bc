package org.damrelay.relay.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The sweep on a hand-driven clock: 10 s timeout, so a ping after 5 s of silence and a close after 10 s. */
class IdleSweepsTest {

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final IdleSweeps sweeps = new IdleSweeps(10, clock::get);

    private void advanceSeconds(long s) { clock.addAndGet(TimeUnit.SECONDS.toNanos(s)); }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new WebSocketKeepAlive(sweeps));
    }

    private void sweep(EmbeddedChannel ch) { sweeps.on(ch.eventLoop()).run(); }

    @Test
    void aMutePeerIsPingedThenClosedWith1001() {
        EmbeddedChannel ch = channel();
        advanceSeconds(4);
        sweep(ch);
        assertNull(ch.readOutbound(), "nothing before half the timeout");
        advanceSeconds(2);
        sweep(ch);
        assertInstanceOf(PingWebSocketFrame.class, ch.readOutbound());
        advanceSeconds(2);
        sweep(ch);
        assertNull(ch.readOutbound(), "one ping per silence, not one per sweep");
        advanceSeconds(2);
        sweep(ch);
        CloseWebSocketFrame close = assertInstanceOf(CloseWebSocketFrame.class, ch.readOutbound());
        assertEquals(1001, close.statusCode());
        close.release();
        assertFalse(ch.isOpen());
        assertEquals(0, sweeps.on(ch.eventLoop()).size(), "a closed connection leaves the sweep");
    }

    @Test
    void aPongKeepsThePeerAndIsNotPassedOn() {
        EmbeddedChannel ch = channel();
        advanceSeconds(6);
        sweep(ch);
        ((PingWebSocketFrame) ch.readOutbound()).release();
        ch.writeInbound(new PongWebSocketFrame());
        assertNull(ch.readInbound());
        advanceSeconds(6);
        sweep(ch);
        assertTrue(ch.isOpen(), "12 s after connecting but 6 s after its pong");
        assertInstanceOf(PingWebSocketFrame.class, ch.readOutbound());
        ch.finishAndReleaseAll();
    }

    @Test
    void anyFrameCountsAsLifeAndDataFramesPassOn() {
        EmbeddedChannel ch = channel();
        advanceSeconds(9);
        ch.writeInbound(new TextWebSocketFrame("{}"));
        TextWebSocketFrame passed = ch.readInbound();
        assertEquals("{}", passed.text());
        passed.release();
        advanceSeconds(4);
        sweep(ch);
        assertNull(ch.readOutbound());
        assertTrue(ch.isOpen());
        ch.finishAndReleaseAll();
    }

    @Test
    void aPingIsAnsweredWithItsPayload() {
        EmbeddedChannel ch = channel();
        ch.writeInbound(new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {7})));
        PongWebSocketFrame pong = ch.readOutbound();
        assertEquals(7, pong.content().getByte(0));
        pong.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void oneSweepPerEventLoop() {
        EmbeddedChannel a = channel();
        assertSame(sweeps.on(a.eventLoop()), sweeps.on(a.eventLoop()));
        assertEquals(1, sweeps.on(a.eventLoop()).size());
        a.finishAndReleaseAll();
    }
}
