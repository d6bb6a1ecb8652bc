package org.damrelay.relay.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;

/**
 * Keeps a WebSocket alive or ends it, driven by its event loop's {@link IdleSweeps.Sweep}: pings a
 * peer that has sent nothing for half the idle timeout, closes one that stayed silent (no pong) for
 * the whole of it. Answers pings and swallows pongs so the handlers after it see only data frames.
 */
final class WebSocketKeepAlive extends ChannelDuplexHandler {

    private final IdleSweeps sweeps;
    private IdleSweeps.Sweep sweep;
    private ChannelHandlerContext ctx;
    private long lastRead;
    private boolean pinged, closing;

    WebSocketKeepAlive(IdleSweeps sweeps) {
        this.sweeps = sweeps;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        lastRead = sweeps.now();
        sweep = sweeps.on(ctx.channel().eventLoop());
        if (ctx.channel().isActive()) sweep.add(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        sweep.remove(this);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        sweep.remove(this);
        super.channelInactive(ctx);
    }

    /** Sweep: something to do now (a ping or a close)? */
    boolean due(long now, long timeoutNanos) {
        long quiet = now - lastRead;
        return !closing && (quiet >= timeoutNanos || (!pinged && quiet >= timeoutNanos / 2));
    }

    void act(long now, long timeoutNanos) {
        if (now - lastRead >= timeoutNanos) {
            closing = true;
            sweep.remove(this);
            ctx.writeAndFlush(new CloseWebSocketFrame(1001, "idle: no pong")).addListener(ChannelFutureListener.CLOSE);
        } else {
            pinged = true;
            ctx.writeAndFlush(new PingWebSocketFrame());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        lastRead = sweeps.now();
        pinged = false;
        if (msg instanceof PingWebSocketFrame ping) {
            ctx.writeAndFlush(new PongWebSocketFrame(ping.content()));
            return;
        }
        if (msg instanceof PongWebSocketFrame pong) {
            pong.release();
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
