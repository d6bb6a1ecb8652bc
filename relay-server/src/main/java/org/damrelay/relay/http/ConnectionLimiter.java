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
 * Open connections in total ({@code edge.maxConnections}) and unauthenticated ones per client
 * address ({@code limits.connectionsPerIp}). A hall shares one address (its NAT): every laptop and
 * phone there looks alike, so neither limit may lock out the hall's driver, arbiter or notation
 * phone. Hence:
 * <ul>
 *   <li>per address only connections not (yet) authenticated count: a driver's, arbiter's or
 *       notation device's accepted hello takes its connection out of the count, and so does a
 *       refused one waiting out its penalty ({@link org.damrelay.relay.config.AuthThrottle}): a tarpitted socket holds no slot;</li>
 *   <li>past an address's limit, or in the reserve under the total cap, a connection is not closed
 *       at accept but admitted for authentication only ({@link #forAuthenticationOnly}): /health,
 *       the driver's, arbiter's and notation device's handshakes; anything else is refused (503).
 *       An address gets as many of these as its limit, more are closed at accept;</li>
 *   <li>past the total cap a connection is closed at accept, logged once a minute and counted.</li>
 * </ul>
 * A trusted reverse proxy carries many clients on its connections, so its own address is not
 * counted: each of its connections is counted under the client its X-Forwarded-For names once the
 * request is read ({@link #admitForwarded}).
 */
@ChannelHandler.Sharable
public final class ConnectionLimiter extends ChannelInboundHandlerAdapter {

    /** The address this connection is counted under, to release it on close or authentication. */
    private static final AttributeKey<InetAddress> COUNTED = AttributeKey.valueOf("damrelay.countedAs");
    /** Counted among its address's authentication-only connections rather than its ordinary ones. */
    private static final AttributeKey<Boolean> AUTH_ONLY = AttributeKey.valueOf("damrelay.authOnly");
    /** Admitted for authentication only because of the total cap's reserve (else its address's limit). */
    private static final AttributeKey<Boolean> IN_RESERVE = AttributeKey.valueOf("damrelay.inReserve");

    private static final Logger log = LoggerFactory.getLogger(ConnectionLimiter.class);
    /** The cap's log line at most this often: a flood over the cap is one line a minute, not one per connection. */
    private static final long LOG_EVERY_MILLIS = 60_000;
    /** The most connections kept for drivers, arbiters and /health under the total cap. */
    private static final int MAX_RESERVE = 100;

    private final int perIp;
    private final int maxTotal;
    private final int reserve;
    private final Set<InetAddress> trustedProxies;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> open = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InetAddress, AtomicInteger> authOnly = new ConcurrentHashMap<>();
    /** Connections admitted and not yet closed, every address and kind (the total cap). */
    private final AtomicInteger total = new AtomicInteger();
    /** When the cap was last logged; 0 = never (an epoch millisecond is always far past it, and no subtraction overflows). */
    private final AtomicLong capLogged = new AtomicLong(0);
    private volatile RelayMetrics metrics;

    public ConnectionLimiter(int perIp, int maxTotal, Set<InetAddress> trustedProxies) {
        this.perIp = perIp;
        this.maxTotal = maxTotal;
        this.reserve = reserveUnder(maxTotal);
        this.trustedProxies = Set.copyOf(trustedProxies);
    }

    /** The connections under the total cap kept for drivers, arbiters and /health: a tenth, at most {@value #MAX_RESERVE}. */
    public static int reserveUnder(int maxTotal) {
        return Math.min(MAX_RESERVE, maxTotal / 10);
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
        int n = total.incrementAndGet();
        if (n > maxTotal) {
            refused("total");
            long now = System.currentTimeMillis(), last = capLogged.get();
            if (now - last >= LOG_EVERY_MILLIS && capLogged.compareAndSet(last, now)) {
                log.warn("connection cap reached: {} connections open (edge.maxConnections); new connections are closed at accept"
                        + " until some close (damrelay_connections_refused_total counts them)", maxTotal);
            }
            ctx.close();
            return;
        }
        boolean inReserve = n > maxTotal - reserve;
        InetAddress ip = ClientAddress.peer(ctx.channel());
        if (ip != null && !trusted(ip) && !count(ctx.channel(), ip, inReserve)) {
            refused("address");
            ctx.close();
            return;
        }
        if (inReserve) {
            ctx.channel().attr(AUTH_ONLY).set(true);
            ctx.channel().attr(IN_RESERVE).set(true);
        }
        ctx.fireChannelActive();
    }

    private void refused(String reason) {
        RelayMetrics m = metrics;
        if (m != null) m.connectionRefused(reason);
    }

    /**
     * A trusted proxy's connection, counted under the client it forwards (past that client's limit it
     * is for authentication only); false = past even that.
     */
    public boolean admitForwarded(Channel ch, InetAddress client) {
        if (ch.attr(COUNTED).get() != null) return true; // keep-alive: counted with its first request
        return count(ch, client, false);
    }

    /** Counts an unauthenticated connection of {@code ip}: ordinary, or past the limit for authentication only; false = past both. */
    private boolean count(Channel ch, InetAddress ip, boolean inReserve) {
        if (!inReserve) {
            AtomicInteger n = open.computeIfAbsent(ip, k -> new AtomicInteger());
            if (n.incrementAndGet() <= perIp) {
                ch.attr(COUNTED).set(ip);
                return true;
            }
            release(open, ip);
        }
        AtomicInteger a = authOnly.computeIfAbsent(ip, k -> new AtomicInteger());
        if (a.incrementAndGet() > perIp) {
            release(authOnly, ip);
            return false;
        }
        ch.attr(COUNTED).set(ip);
        ch.attr(AUTH_ONLY).set(true);
        return true;
    }

    private static void release(ConcurrentHashMap<InetAddress, AtomicInteger> counts, InetAddress ip) {
        counts.computeIfPresent(ip, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
    }

    /** Takes the connection out of its address's count (once). */
    private void uncount(Channel ch) {
        InetAddress ip = ch.attr(COUNTED).getAndSet(null);
        if (ip == null) return;
        release(Boolean.TRUE.equals(ch.attr(AUTH_ONLY).get()) ? authOnly : open, ip);
    }

    /**
     * Whether the connection was admitted past its address's limit or into the reserve: it may ask
     * for /health or authenticate (driver, arbiter, notation device), nothing else.
     */
    public static boolean forAuthenticationOnly(Channel ch) {
        return Boolean.TRUE.equals(ch.attr(AUTH_ONLY).get());
    }

    /** Whether a connection {@link #forAuthenticationOnly} is so because the relay as a whole is near its cap (else: its address). */
    public static boolean inReserve(Channel ch) {
        return Boolean.TRUE.equals(ch.attr(IN_RESERVE).get());
    }

    /** A driver, arbiter or notation device proved who it is: its connection no longer counts against its address. */
    public static void authenticated(Channel ch) {
        ConnectionLimiter l = ch.pipeline().get(ConnectionLimiter.class);
        if (l != null) l.uncount(ch);
    }

    /** A refused authentication waits out its penalty: its socket no longer holds a slot of its address. */
    public static void refusedAuthentication(Channel ch) {
        authenticated(ch);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        total.decrementAndGet();
        uncount(ctx.channel());
        ctx.fireChannelInactive();
    }
}
