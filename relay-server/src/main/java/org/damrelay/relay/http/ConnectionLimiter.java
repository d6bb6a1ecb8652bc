package org.damrelay.relay.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Open connections per client address. A connection over the limit is closed at accept time,
 * before it can hold a slot or read a byte. A trusted reverse proxy carries many clients on its
 * connections, so its own address is not counted: each of its connections is counted under the
 * client its X-Forwarded-For names once the request is read ({@link #admitForwarded}).
 */
@ChannelHandler.Sharable
public final class ConnectionLimiter extends ChannelInboundHandlerAdapter {

    /** The address this connection is counted under, to release it on close. */
    private static final AttributeKey<InetAddress> COUNTED = AttributeKey.valueOf("damrelay.countedAs");

    private final int perIp;
    private final Set<InetAddress> trustedProxies;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> open = new ConcurrentHashMap<>();

    public ConnectionLimiter(int perIp, Set<InetAddress> trustedProxies) {
        this.perIp = perIp;
        this.trustedProxies = Set.copyOf(trustedProxies);
    }

    public boolean trusted(InetAddress peer) {
        return peer != null && trustedProxies.contains(peer);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        InetAddress ip = ClientAddress.peer(ctx.channel());
        if (ip != null && !trusted(ip) && !count(ctx.channel(), ip)) {
            ctx.close();
            return;
        }
        ctx.fireChannelActive();
    }

    /** A trusted proxy's connection, counted under the client it forwards; false = over that client's limit. */
    public boolean admitForwarded(Channel ch, InetAddress client) {
        if (ch.attr(COUNTED).get() != null) return true; // keep-alive: counted with its first request
        return count(ch, client);
    }

    private boolean count(Channel ch, InetAddress ip) {
        int n = open.computeIfAbsent(ip, k -> new AtomicInteger()).incrementAndGet();
        ch.attr(COUNTED).set(ip);
        return n <= perIp;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        InetAddress ip = ctx.channel().attr(COUNTED).getAndSet(null);
        if (ip != null) open.computeIfPresent(ip, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
        ctx.fireChannelInactive();
    }
}
