package org.damrelay.relay.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;

/**
 * Keeps a WebSocket alive or ends it, driven by its event loop's {@link IdleSweeps.Sweep}: pings a
 * peer that has sent nothing for a quarter of the idle timeout, and again every quarter while it
 * stays silent (so a proxy between never sees the socket idle for long: deploy/nginx), and closes
 * one that stayed silent for the whole timeout although pings reached its socket. A ping that is
 * still queued (a peer that does not read: the slow-consumer cut is for that) or a sweep that ran
 * late (this process was paused, the peer's answer may be unread) never closes it: it is pinged
 * first. Answers pings and swallows pongs so the handlers after it see only data frames.
 */
final class WebSocketKeepAlive extends ChannelDuplexHandler {

    private final IdleSweeps sweeps;
    private IdleSweeps.Sweep sweep;
    private ChannelHandlerContext ctx;
    private long lastRead, pingedAt;
    /** Where the sweep keeps this connection (its index there), -1 while not in it; the sweep's alone. */
    int sweepIndex = -1;
    /** pinged: a ping reached the socket since the peer's last frame; inFlight: one is queued. */
    private boolean pinged, inFlight, closing;

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
        if (closing || inFlight) return false;
        return now - (pinged ? pingedAt : lastRead) >= timeoutNanos / 4;
    }

    /** @param late the sweep ran well after its time: this process was stalled, so was its reading */
    void act(long now, long timeoutNanos, boolean late) {
        if (pinged && !late && now - lastRead >= timeoutNanos) {
            closing = true;
            sweep.remove(this);
            ctx.writeAndFlush(new CloseWebSocketFrame(1001, "idle: no pong")).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        inFlight = true;
        ctx.writeAndFlush(new PingWebSocketFrame()).addListener(f -> {
            inFlight = false;
            if (f.isSuccess()) {
                pinged = true;
                pingedAt = sweeps.now();
            }
        });
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
