package org.damrelay.relay.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import java.io.IOException;
import org.damrelay.relay.metrics.RelayMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a connection's last handler does with an exception. A peer that goes away (reset, broken
 * pipe) is routine on a hall's Wi-Fi and in a reconnect storm: closed quietly and counted, where
 * an unhandled one cost a WARN line with a stack trace each (15,964 in one storm). A peer that
 * breaks the WebSocket protocol, and anything unexpected, is logged once for its connection with
 * what and who it was.
 */
public final class PeerErrors {

    private static final Logger log = LoggerFactory.getLogger(PeerErrors.class);

    /** Bad requests are logged at most once per this, with how many there were between (a scan writes lines, not megabytes). */
    private static final long BAD_REQUEST_LOG_EVERY_MILLIS = 10_000;
    private static final java.util.concurrent.atomic.AtomicLong badLogged = new java.util.concurrent.atomic.AtomicLong();
    private static final java.util.concurrent.atomic.AtomicLong badUnlogged = new java.util.concurrent.atomic.AtomicLong();

    private PeerErrors() {}

    /**
     * A request the relay cannot take (a URI that does not decode, an upgrade without its key, a
     * request line that does not parse): counted, and one line without a trace at most every
     * {@value #BAD_REQUEST_LOG_EVERY_MILLIS} ms. The caller answers 400.
     */
    public static void badRequest(ChannelHandlerContext ctx, String what, RelayMetrics metrics) {
        metrics.peerError("http", "bad-request");
        long now = System.currentTimeMillis(), last = badLogged.get();
        if (now - last >= BAD_REQUEST_LOG_EVERY_MILLIS && badLogged.compareAndSet(last, now)) {
            long more = badUnlogged.getAndSet(0);
            log.info("bad HTTP request from {}, answered 400: {}{}", ctx.channel().remoteAddress(), what,
                    more == 0 ? "" : " (and " + more + " more bad requests since the last such line)");
        } else {
            badUnlogged.incrementAndGet();
        }
    }

    /**
     * Closes the connection. Stateless on purpose (no object per connection): a channel already
     * closing does not log again.
     *
     * @param kind the connection kind in logs and metrics: http, driver, spectator or arbiter
     */
    public static void caught(ChannelHandlerContext ctx, Throwable cause, String kind, RelayMetrics metrics) {
        if (cause instanceof IOException) {
            metrics.peerGone(kind);
            log.debug("{} {} went away: {}", kind, ctx.channel().remoteAddress(), cause.toString());
        } else if (ctx.channel().isActive()) {
            if (cause instanceof CorruptedWebSocketFrameException || cause instanceof DecoderException) {
                metrics.peerError(kind, "protocol");
                log.info("{} {} broke the protocol, closing: {}", kind, ctx.channel().remoteAddress(), cause.toString());
            } else {
                metrics.peerError(kind, "unexpected");
                log.warn("{} {}: unexpected error, closing the connection", kind, ctx.channel().remoteAddress(), cause);
            }
        }
        ctx.close();
    }
}
