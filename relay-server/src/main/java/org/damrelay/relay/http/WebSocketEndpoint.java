package org.damrelay.relay.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.relay.core.RelayCore;

/**
 * What every WebSocket endpoint (/ingest, /ws, /arbiter) does the same way: count the connection,
 * answer a close frame, close with a code and a reason that fits a close frame, give a peer that
 * must say hello a deadline, and drop a peer that resets or breaks the protocol.
 */
public abstract class WebSocketEndpoint extends SimpleChannelInboundHandler<WebSocketFrame> {

    /** WebSocket close reasons must fit in a control frame (125 bytes with the code). */
    private static final int MAX_REASON = 120;
    /** How long a peer has to answer our close frame before the TCP connection is closed anyway. */
    static final long CLOSE_GRACE_MILLIS = 2000;

    protected final RelayCore core;
    private final String kind;
    protected Channel channel;
    private ScheduledFuture<?> helloDeadline;
    /** Our close frame is sent (event loop only): the peer's frames are read and dropped until it answers. */
    private boolean closing;
    /** A failed authentication waits out its penalty: the peer's frames are dropped (event loop only). */
    private boolean refused;

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
            if (closing) {
                ctx.close(); // the peer answered our close frame: the closing handshake is complete
            } else {
                ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye")).addListener(ChannelFutureListener.CLOSE);
            }
            return;
        }
        if (!closing && !refused) frameRead(ctx, frame);
    }

    /**
     * Closes with a code the peer can read. The TCP connection is not closed at once (RFC 6455
     * 7.1.1): a peer still sending (a flood, a driver streaming its backlog) would find it reset, and
     * a reset can throw away our close frame unread. Until the peer answers, or the grace runs out,
     * its frames are read and dropped, never applied.
     */
    protected void close(int code, String reason) {
        channel.eventLoop().execute(() -> {
            if (closing || !channel.isActive()) return;
            closing = true;
            String r = reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) : reason;
            channel.writeAndFlush(new CloseWebSocketFrame(code, r));
            channel.eventLoop().schedule(() -> { channel.close(); }, CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        });
    }

    /**
     * A refused authentication: nothing the peer sends is read from now on, and the close comes
     * after {@code delayMillis} (the address's penalty, {@link org.damrelay.relay.config.AuthThrottle}). Any thread.
     */
    protected void refuseAfter(long delayMillis, int code, String reason) {
        // the wait is the guesser's: the socket no longer holds a slot the hall's real driver may need
        ConnectionLimiter.refusedAuthentication(channel);
        Runnable refuse = () -> {
            refused = true;
            if (delayMillis <= 0) close(code, reason);
            else channel.eventLoop().schedule(() -> close(code, reason), delayMillis, TimeUnit.MILLISECONDS);
        };
        // on the event loop (a hello refused as it is read) at once: the frames right behind it are not read
        if (channel.eventLoop().inEventLoop()) refuse.run();
        else channel.eventLoop().execute(refuse);
    }

    /** The peer proved who it is (a driver's, arbiter's or device's credential): its address's limit no longer counts it. */
    protected void authenticated() {
        ConnectionLimiter.authenticated(channel);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a peer that resets or breaks the protocol: nothing to answer, just drop it
        PeerErrors.caught(ctx, cause, kind, core.metrics());
    }
}
