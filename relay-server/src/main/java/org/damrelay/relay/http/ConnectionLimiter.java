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
import java.util.concurrent.atomic.AtomicLong;
import org.damrelay.relay.metrics.RelayMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Open connections in total ({@code edge.maxConnections}) and per client address. A connection over either limit is closed at accept time,
 * before it can hold a slot or read a byte. A trusted reverse proxy carries many clients on its
 * connections, so its own address is not counted: each of its connections is counted under the
 * client its X-Forwarded-For names once the request is read ({@link #admitForwarded}).
 */
@ChannelHandler.Sharable
public final class ConnectionLimiter extends ChannelInboundHandlerAdapter {

    /** The address this connection is counted under, to release it on close. */
    private static final AttributeKey<InetAddress> COUNTED = AttributeKey.valueOf("damrelay.countedAs");

    private static final Logger log = LoggerFactory.getLogger(ConnectionLimiter.class);
    /** The cap's log line at most this often: a flood over the cap is one line a minute, not one per connection. */
    private static final long LOG_EVERY_MILLIS = 60_000;

    private final int perIp;
    private final int maxTotal;
    private final Set<InetAddress> trustedProxies;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> open = new ConcurrentHashMap<>();
    /** Connections admitted and not yet closed, every address and kind (the total cap). */
    private final AtomicInteger total = new AtomicInteger();
    private final AtomicLong capLogged = new AtomicLong(Long.MIN_VALUE);
    private volatile RelayMetrics metrics;

    public ConnectionLimiter(int perIp, int maxTotal, Set<InetAddress> trustedProxies) {
        this.perIp = perIp;
        this.maxTotal = maxTotal;
        this.trustedProxies = Set.copyOf(trustedProxies);
    }

    /** Where refusals are counted ({@code damrelay_connections_refused_total}); the metrics exist only once the core does. */
    public void reportTo(RelayMetrics m) {
        this.metrics = m;
    }

    public boolean trusted(InetAddress peer) {
        return peer != null && trustedProxies.contains(peer);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (total.incrementAndGet() > maxTotal) {
            refused("total");
            long now = System.currentTimeMillis(), last = capLogged.get();
            if (now - last >= LOG_EVERY_MILLIS && capLogged.compareAndSet(last, now)) {
                log.warn("connection cap reached: {} connections open (edge.maxConnections); new connections are closed at accept"
                        + " until some close (damrelay_connections_refused_total counts them)", maxTotal);
            }
            ctx.close();
            return;
        }
        InetAddress ip = ClientAddress.peer(ctx.channel());
        if (ip != null && !trusted(ip) && !count(ctx.channel(), ip)) {
            refused("address");
            ctx.close();
            return;
        }
        ctx.fireChannelActive();
    }

    private void refused(String reason) {
        RelayMetrics m = metrics;
        if (m != null) m.connectionRefused(reason);
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
        total.decrementAndGet();
        InetAddress ip = ctx.channel().attr(COUNTED).getAndSet(null);
        if (ip != null) open.computeIfPresent(ip, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
        ctx.fireChannelInactive();
    }
}
