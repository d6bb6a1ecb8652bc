package org.damrelay.relay.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The sweep on a hand-driven clock: 10 s timeout, so a ping after 2.5 s of silence and every 2.5 s
 * after, a close once 10 s passed without a frame although pinged. The sweeps run each second
 * as the loop's would (every 1.25 s), except where a test stalls them.
 */
class IdleSweepsTest {

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final IdleSweeps sweeps = new IdleSweeps(10, clock::get);

    private void advanceSeconds(long s) { clock.addAndGet(TimeUnit.SECONDS.toNanos(s)); }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new WebSocketKeepAlive(sweeps));
    }

    private void sweep(EmbeddedChannel ch) { sweeps.on(ch.eventLoop()).run(); }

    /** Seconds of silence, swept each second; what was written, by second. */
    private List<String> silence(EmbeddedChannel ch, int seconds) {
        List<String> out = new ArrayList<>();
        for (int t = 1; t <= seconds && ch.isOpen(); t++) {
            advanceSeconds(1);
            sweep(ch);
            for (Object o; (o = ch.readOutbound()) != null; ) {
                if (o instanceof PingWebSocketFrame p) {
                    out.add(t + ": ping");
                    p.release();
                } else if (o instanceof CloseWebSocketFrame c) {
                    out.add(t + ": close " + c.statusCode());
                    c.release();
                }
            }
        }
        return out;
    }

    @Test
    void aSweepPingsInSlicesSoTheLoopsOtherWorkRunsBetween() {
        // five quiet connections on one loop (five keep-alives in one pipeline), two per slice
        IdleSweeps sliced = new IdleSweeps(10, clock::get, 2);
        EmbeddedChannel ch = new EmbeddedChannel();
        for (int i = 0; i < 5; i++) ch.pipeline().addLast(new WebSocketKeepAlive(sliced));
        advanceSeconds(3);
        sliced.on(ch.eventLoop()).run();
        assertEquals(2, pings(ch), "one slice at once");
        // the rest waits in the loop's task queue, behind whatever was queued meanwhile (a move's fan-out);
        // an EmbeddedChannel runs its queued tasks on each flush, so the order itself is not shown here
        assertTrue(ch.hasPendingTasks(), "the next slice is queued, not written now");
        ch.runPendingTasks();
        assertEquals(3, pings(ch), "then the other three");
        advanceSeconds(1);
        sliced.on(ch.eventLoop()).run();
        ch.runPendingTasks();
        assertEquals(0, pings(ch), "each pinged once, none again before its quarter");
        ch.finishAndReleaseAll();
    }

    @Test
    void evenLookingIsSlicedWhenNobodyIsDue() {
        // the first round finds nobody due, but looking at every connection in one task stalled a loop of 9,500 for 5 ms
        IdleSweeps sliced = new IdleSweeps(10, clock::get, 2);
        EmbeddedChannel ch = new EmbeddedChannel();
        for (int i = 0; i < 5; i++) ch.pipeline().addLast(new WebSocketKeepAlive(sliced));
        sliced.on(ch.eventLoop()).run();
        assertTrue(ch.hasPendingTasks(), "the rest are looked at in tasks of their own");
        ch.runPendingTasks();
        assertEquals(0, pings(ch));
        ch.finishAndReleaseAll();
    }

    private static int pings(EmbeddedChannel ch) {
        int n = 0;
        for (Object o; (o = ch.readOutbound()) != null; ) {
            if (o instanceof PingWebSocketFrame p) {
                n++;
                p.release();
            }
        }
        return n;
    }

    @Test
    void aMutePeerIsPingedEachQuarterThenClosedWith1001() {
        EmbeddedChannel ch = channel();
        assertEquals(List.of("3: ping", "6: ping", "9: ping", "12: close 1001"), silence(ch, 15));
        assertFalse(ch.isOpen());
        assertEquals(0, sweeps.on(ch.eventLoop()).size(), "a closed connection leaves the sweep");
    }

    @Test
    void aPongKeepsThePeerAndIsNotPassedOn() {
        EmbeddedChannel ch = channel();
        assertEquals(List.of("3: ping", "6: ping", "9: ping"), silence(ch, 9));
        ch.writeInbound(new PongWebSocketFrame());
        assertNull(ch.readInbound());
        assertEquals(List.of("3: ping", "6: ping"), silence(ch, 7), "counted from its pong");
        assertTrue(ch.isOpen(), "16 s after connecting but 7 s after its pong");
        ch.finishAndReleaseAll();
    }

    @Test
    void aPingThatNeverLeftIsNoReasonToClose() {
        // a peer that reads nothing: its socket is full, the ping waits in the queue (the slow-consumer cut is for this peer)
        List<ChannelPromise> held = new ArrayList<>();
        EmbeddedChannel ch = new EmbeddedChannel(new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                ReferenceCountUtil.release(msg);
                held.add(promise);
            }
        }, new WebSocketKeepAlive(sweeps));
        silence(ch, 30);
        assertTrue(ch.isOpen(), "never closed as 'no pong': no ping reached it");
        assertEquals(1, held.size(), "one ping queued, not one per sweep");
        ch.finishAndReleaseAll();
    }

    @Test
    void aSweepRunningLatePingsBeforeItCloses() {
        EmbeddedChannel ch = channel();
        assertEquals(List.of("3: ping"), silence(ch, 3));
        // the process stands still for 20 s (SIGSTOP, a long GC): the peer's answer may wait unread in the socket
        advanceSeconds(20);
        sweep(ch);
        Object first = ch.readOutbound();
        assertInstanceOf(PingWebSocketFrame.class, first, "pinged again, not closed");
        ((PingWebSocketFrame) first).release();
        assertTrue(ch.isOpen());
        ch.writeInbound(new PongWebSocketFrame());
        assertEquals(List.of("3: ping"), silence(ch, 3), "its answer keeps it");
        assertTrue(ch.isOpen());
        ch.finishAndReleaseAll();
    }

    @Test
    void anyFrameCountsAsLifeAndDataFramesPassOn() {
        EmbeddedChannel ch = channel();
        advanceSeconds(2);
        ch.writeInbound(new TextWebSocketFrame("{}"));
        TextWebSocketFrame passed = ch.readInbound();
        assertEquals("{}", passed.text());
        passed.release();
        assertEquals(List.of(), silence(ch, 2));
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
