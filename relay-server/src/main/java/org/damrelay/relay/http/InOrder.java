package org.damrelay.relay.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * HTTP/1.1 pipelining in order (RFC 9112 9.3.2): answers go out in the order the requests came in.
 * Some answers are computed elsewhere (the core thread, the arbiter's service, the cluster's
 * executor) and would overtake one another; so the next request of a connection is handed to the
 * router only once the answer to the one before is written. Event loop only.
 */
public final class InOrder extends ChannelDuplexHandler {

    public static final String NAME = "inOrder";
    /** Requests a client may send ahead of its answers; more is no browser and no proxy: the connection is closed. */
    private static final int MAX_AHEAD = 32;

    private final ArrayDeque<FullHttpRequest> ahead = new ArrayDeque<>();
    /** A request is with the router and its answer not yet (wholly) written. */
    private boolean answering;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest req)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (!answering) {
            answering = true;
            ctx.fireChannelRead(req);
            return;
        }
        if (ahead.size() >= MAX_AHEAD) {
            ReferenceCountUtil.release(req);
            ctx.close();
            return;
        }
        ahead.add(req);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        boolean last = msg instanceof LastHttpContent && (!(msg instanceof HttpResponse r) || r.status().code() >= 200);
        super.write(ctx, msg, promise);
        if (last && answering) {
            answering = false;
            // the next one after this write has gone down the pipeline (not from inside it)
            ctx.executor().execute(() -> next(ctx));
        }
    }

    private void next(ChannelHandlerContext ctx) {
        if (answering || ctx.isRemoved()) return;
        FullHttpRequest req = ahead.poll();
        if (req == null) return;
        if (!ctx.channel().isActive()) {
            ReferenceCountUtil.release(req);
            releaseAll();
            return;
        }
        answering = true;
        ctx.fireChannelRead(req);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseAll();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        releaseAll();
        super.channelInactive(ctx);
    }

    private void releaseAll() {
        for (FullHttpRequest r; (r = ahead.poll()) != null; ) ReferenceCountUtil.release(r);
    }
}
