package org.damrelay.relay.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.relay.RelayCore;

/**
 * What every WebSocket endpoint (/ingest, /ws, /arbiter) does the same way: count the connection,
 * answer a close frame, close with a code and a reason that fits a close frame, give a peer that
 * must say hello a deadline, and drop a peer that resets or breaks the protocol.
 */
public abstract class WebSocketEndpoint extends SimpleChannelInboundHandler<WebSocketFrame> {

    /** WebSocket close reasons must fit in a control frame (125 bytes with the code). */
    private static final int MAX_REASON = 120;

    protected final RelayCore core;
    private final String kind;
    protected Channel channel;
    private ScheduledFuture<?> helloDeadline;

    /** @param kind the connection kind in the metrics: driver, spectator or arbiter */
    protected WebSocketEndpoint(RelayCore core, String kind) {
        this.core = core;
        this.kind = kind;
    }

    /** A frame other than a close frame. */
    protected abstract void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame);

    /** The connection is gone (on its event loop). */
    protected abstract void disconnected();

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        core.metrics().connectionOpened(kind);
    }

    /** Closes with {@code code} unless {@link #helloArrived()} is called within the configured time. */
    protected void expectHello(ChannelHandlerContext ctx, int code) {
        long ms = core.config().limits().helloTimeoutMillis();
        helloDeadline = ctx.executor().schedule(() -> close(code, "no hello within " + ms + " ms"), ms, TimeUnit.MILLISECONDS);
    }

    protected void helloArrived() {
        if (helloDeadline != null) helloDeadline.cancel(false);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        helloArrived();
        core.metrics().connectionClosed(kind);
        disconnected();
        ctx.fireChannelInactive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame) {
            ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye")).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        frameRead(ctx, frame);
    }

    protected void close(int code, String reason) {
        if (channel.isActive()) {
            String r = reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) : reason;
            channel.writeAndFlush(new CloseWebSocketFrame(code, r)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a peer that resets or breaks the protocol: nothing to answer, just drop it
        PeerErrors.caught(ctx, cause, kind, core.metrics());
    }
}
