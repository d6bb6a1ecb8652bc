package org.damrelay.relay.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A plain HTTP connection must deliver a whole request within the read timeout: from its opening,
 * and again from each answer to the next request (keep-alive). A silent connection and one that
 * trickles a request byte by byte are closed alike. The router removes it once a WebSocket
 * handshake is done; from then on the WebSocket keep-alive watches the connection.
 */
public final class RequestDeadline extends ChannelDuplexHandler {

    public static final String NAME = "requestDeadline";

    private final long millis;
    private ScheduledFuture<?> deadline;

    public RequestDeadline(long millis) {
        this.millis = millis;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        arm(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof FullHttpRequest) disarm(); // a whole request: the time to answer it is ours
        super.channelRead(ctx, msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof LastHttpContent) arm(ctx); // answered: the next request has the same time
        super.write(ctx, msg, promise);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        disarm();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        disarm();
        super.channelInactive(ctx);
    }

    private void arm(ChannelHandlerContext ctx) {
        disarm();
        if (millis > 0) deadline = ctx.executor().schedule(() -> { ctx.close(); }, millis, TimeUnit.MILLISECONDS);
    }

    private void disarm() {
        if (deadline != null) deadline.cancel(false);
        deadline = null;
    }
}
