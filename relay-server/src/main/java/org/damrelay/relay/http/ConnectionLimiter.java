package org.damrelay.relay.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts open connections per client address. A connection over the limit is marked; the
 * router answers its request with 429 and closes it.
 */
@ChannelHandler.Sharable
public final class ConnectionLimiter extends ChannelInboundHandlerAdapter {

    static final AttributeKey<Boolean> OVER_LIMIT = AttributeKey.valueOf("damrelay.overLimit");

    private final int perIp;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> open = new ConcurrentHashMap<>();

    public ConnectionLimiter(int perIp) {
        this.perIp = perIp;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        InetAddress ip = address(ctx);
        if (ip != null) {
            int n = open.computeIfAbsent(ip, k -> new AtomicInteger()).incrementAndGet();
            if (n > perIp) ctx.channel().attr(OVER_LIMIT).set(true);
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        InetAddress ip = address(ctx);
        if (ip != null) {
            open.computeIfPresent(ip, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
        }
        ctx.fireChannelInactive();
    }

    private static InetAddress address(ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }
}
