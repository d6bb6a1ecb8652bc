package org.damrelay.driver.uplink;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import org.damrelay.driver.dgt.transport.Backoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one driver connected to the relay's {@code /ingest} and its outbox flowing there: every
 * event appended to the outbox is sent; what the relay acks is dropped from the outbox; after any
 * close or failure it reconnects with capped exponential backoff and re-sends whatever is still
 * unacked, in order. Only a refusal of the driver itself (4401, 4403, 4406) stops it, completing
 * {@link #refused()} exceptionally.
 *
 * <p>All connection state lives on one event loop thread; the outbox is the only shared state.
 */
public final class RelayUplink implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RelayUplink.class);
    static final int MAX_FRAME = 1 << 20;
    private static final int PING_SECONDS = 15;
    private static final int SILENCE_SECONDS = 45;

    private final UplinkConfig config;
    private final Outbox outbox;
    private final Outbox evidence;
    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final SslContext ssl;
    private final Backoff backoff;
    /** The current backoff step (event loop only). */
    private volatile long backoffStep;
    private final CompletableFuture<Void> refused = new CompletableFuture<>();
    private final AtomicLong welcomes = new AtomicLong();
    private final Assignments assignments = new Assignments();
    private volatile Channel channel;
    private volatile IngestSession session;
    private volatile boolean closed;
    private ScheduledFuture<?> syncTimer;

    public RelayUplink(UplinkConfig config, Outbox outbox) {
        this(config, outbox, null);
    }

    /** @param evidence the boards' decoded reports for the arbiter (docs/evidence.md), or null to send none */
    public RelayUplink(UplinkConfig config, Outbox outbox, Outbox evidence) {
        this.config = config;
        this.outbox = outbox;
        this.evidence = evidence;
        this.backoff = new Backoff(config.minBackoff(), config.maxBackoff(), 2);
        this.backoffStep = backoff.initial().toMillis();
        try {
            SslContextBuilder tls = SslContextBuilder.forClient(); // the JDK trust store unless told otherwise
            if (config.trustPem() != null) tls.trustManager(config.trustPem().toFile());
            this.ssl = config.tls() ? tls.build() : null;
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot set up TLS for " + config.relay()
                    + (config.trustPem() != null ? " with the certificates in " + config.trustPem() : "") + ": " + e.getMessage(), e);
        }
    }

    /** Connects (in the background) and keeps connecting until {@link #close()}. */
    public RelayUplink start() {
        outbox.addListener(e -> {
            IngestSession s = session;
            if (s != null) s.poke();
        });
        if (evidence != null) evidence.addListener(e -> {
            IngestSession s = session;
            if (s != null) s.poke();
        });
        syncTimer = group.next().scheduleWithFixedDelay(this::syncOutbox, 1, 1, TimeUnit.SECONDS);
        connect();
        return this;
    }

    /** Completes exceptionally with {@link IngestRefusedException} if the relay refuses this driver. */
    public CompletableFuture<Void> refused() {
        return refused;
    }

    /** True while a session is open and welcomed. */
    public boolean connected() {
        IngestSession s = session;
        return s != null && s.welcomed();
    }

    /** How many sessions the relay has welcomed so far (one per successful connect). */
    public long welcomes() {
        return welcomes.get();
    }

    /** The games the relay assigned to this driver's boards, with their settings. */
    public Assignments assignments() {
        return assignments;
    }

    UplinkConfig config() {
        return config;
    }

    Outbox outbox() {
        return outbox;
    }

    /** Null when no evidence is sent. */
    Outbox evidence() {
        return evidence;
    }

    private void connect() {
        if (closed || refused.isDone()) return;
        Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ChannelPipeline p = ch.pipeline();
                        if (ssl != null) p.addLast(sslHandler(ch));
                        p.addLast(new IdleStateHandler(SILENCE_SECONDS, PING_SECONDS, 0));
                        p.addLast(new HttpClientCodec());
                        p.addLast(new HttpObjectAggregator(MAX_FRAME));
                        p.addLast(new WebSocketClientProtocolHandler(WebSocketClientProtocolConfig.newBuilder()
                                .webSocketUri(config.relay())
                                .handleCloseFrames(false)
                                .maxFramePayloadLength(MAX_FRAME)
                                .handshakeTimeoutMillis(10_000)
                                .build()));
                        IngestSession s = new IngestSession(RelayUplink.this);
                        session = s;
                        p.addLast(s);
                    }
                });
        ChannelFuture f = b.connect(config.relay().getHost(), config.port());
        channel = f.channel();
        f.addListener(done -> {
            if (!done.isSuccess()) {
                log.warn("relay {} unreachable: {}", config.relay(), done.cause().toString());
                reconnectLater();
            }
        });
    }

    private SslHandler sslHandler(SocketChannel ch) {
        SslHandler h = ssl.newHandler(ch.alloc(), config.relay().getHost(), config.port());
        SSLEngine engine = h.engine();
        SSLParameters params = engine.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS"); // check the certificate names this host
        engine.setSSLParameters(params);
        return h;
    }

    void welcomed() {
        welcomes.incrementAndGet();
        backoffStep = backoff.initial().toMillis();
    }

    /** A session ended; {@code closeCode} is -1 when the relay sent no close frame. */
    void sessionEnded(IngestSession ended, int closeCode, String reason) {
        if (session == ended) session = null;
        if (closeCode == 4401 || closeCode == 4403 || closeCode == 4406 || closeCode == 4409) {
            IngestRefusedException e = new IngestRefusedException(closeCode, reason);
            log.error("{}; not reconnecting, {} events stay in the outbox {}", e.getMessage(),
                    outbox.unacked().size(), outbox.directory());
            refused.completeExceptionally(e);
            assignments.firstContactOver(); // the boards go on offline
            return;
        }
        if (closed) return;
        if (closeCode >= 0) {
            log.warn("relay closed the connection ({} {}); reconnecting", closeCode, reason);
        } else {
            log.warn("connection to relay {} lost; reconnecting", config.relay());
        }
        reconnectLater();
    }

    private void reconnectLater() {
        // no Welcome on the first try: the boards go on from the driver's own state rather than wait for a relay that may be away for long
        assignments.firstContactOver();
        if (closed || refused.isDone()) return;
        long delay = Backoff.jittered(backoffStep);
        backoffStep = backoff.next(backoffStep);
        log.info("reconnecting to {} in {} ms ({} events waiting)", config.relay(), delay, outbox.unacked().size());
        group.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    private void syncOutbox() {
        try {
            outbox.sync();
            if (evidence != null) evidence.sync();
        } catch (IOException | IllegalStateException e) {
            log.warn("could not write the outbox's acked state: {}", e.toString());
        }
    }

    /** Closes the connection (1000) and stops reconnecting; the outbox stays open (the caller owns it). */
    @Override
    public void close() {
        closed = true;
        assignments.firstContactOver();
        if (syncTimer != null) syncTimer.cancel(false);
        Channel ch = channel;
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "driver stopping"))
                    .addListener(f -> ch.close());
            ch.closeFuture().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        syncOutbox();
    }
}
