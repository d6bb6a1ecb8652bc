package org.damrelay.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Many spectator WebSockets in one process (Netty, epoll when available), each subscribed to one
 * game, bound round-robin to several 127.0.0.x source addresses so the ephemeral ports of one
 * address do not run out. Records, in microseconds, the time from a move's scheduled send
 * ({@code sentNanos}, stamped by the ingest load) to its receipt, for live updates only (catch-up
 * after a (re)subscribe is not latency).
 */
public final class SpectatorLoad implements AutoCloseable {

    /** How a (re)connection round went. {@code startNanos}/{@code endNanos}: first attempt, last subscription. */
    public record Round(int ok, int failed, long startNanos, long endNanos, String firstError) {
        public double seconds() { return (endNanos - startNanos) / 1e9; }
    }

    /** Live updates received since the last {@link #reset()} and their latency histogram (µs). */
    public record Window(long updates, long closedAfterSubscribe, Histogram latencyMicros) {}

    private static final long MAX_MICROS = TimeUnit.MINUTES.toMicros(10);

    private final WebSocketClientProtocolConfig config;
    private final URI uri;
    private final InetSocketAddress remote;
    private final List<InetAddress> sources;
    private final int inFlight;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final List<Spectator> spectators = new ArrayList<>();
    private final Recorder recorder = new Recorder(MAX_MICROS, 3);
    private final Histogram window = new Histogram(MAX_MICROS, 3);
    private Histogram interval;
    private final AtomicLong updates = new AtomicLong();
    private final SlowMoves slow = new SlowMoves();
    private final AtomicLong closedAfterSubscribe = new AtomicLong();
    /** Spectators [0, grown) have been connected. */
    private int grown;

    /**
     * @param games       spectator i watches {@code games.get(i % games.size())}
     * @param slowEvery   every slowEvery-th spectator (0 = none) stops reading on {@link #stall()}
     * @param inFlight    at most this many handshakes under way at once
     */
    public SpectatorLoad(String host, int port, List<String> games, int count, List<InetAddress> sources,
                         int slowEvery, int inFlight) {
        this.uri = URI.create("ws://" + host + ":" + port + "/ws");
        this.remote = new InetSocketAddress(host, port);
        // no UTF-8 validation of every text frame: FrameScan reads ASCII bytes, and the check cost the load's core
        // (the handshake already takes the HTTP codec and aggregator out of the pipeline)
        this.config = WebSocketClientProtocolConfig.newBuilder().webSocketUri(uri).version(WebSocketVersion.V13)
                .maxFramePayloadLength(1 << 20).withUTF8Validator(false).build();
        this.sources = List.copyOf(sources);
        this.inFlight = inFlight;
        boolean epoll = Epoll.isAvailable();
        this.group = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        this.bootstrap = new Bootstrap().group(group)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 15_000)
                .option(ChannelOption.TCP_NODELAY, true);
        for (int i = 0; i < count; i++) {
            spectators.add(new Spectator(games.get(i % games.size()), slowEvery > 0 && i % slowEvery == slowEvery - 1));
        }
    }

    public int size() { return spectators.size(); }

    /** Connects (or reconnects, with each one's last version) every spectator; waits until all subscribed or failed. */
    public Round connectAll(Duration timeout) throws InterruptedException {
        for (Spectator s : spectators) {
            Channel old = s.channel;
            if (old != null) {
                s.closing = true;
                old.close();
            }
        }
        for (Spectator s : spectators) if (s.channel != null) s.channel.closeFuture().awaitUninterruptibly(5_000);
        grown = spectators.size();
        return connect(0, spectators.size(), timeout);
    }

    /**
     * Connects the next spectators, not yet connected by this method, until {@code upTo} of them
     * are: memory can be read on the way up.
     */
    public Round connectMore(int upTo, Duration timeout) throws InterruptedException {
        int from = grown;
        grown = Math.max(grown, Math.min(upTo, spectators.size()));
        return connect(from, grown, timeout);
    }

    private Round connect(int from, int to, Duration timeout) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(to - from);
        Semaphore permits = new Semaphore(inFlight);
        AtomicLong ok = new AtomicLong(), failed = new AtomicLong(), last = new AtomicLong();
        String[] firstError = {null};
        long start = System.nanoTime(), deadline = start + timeout.toNanos();
        for (int i = from; i < to; i++) {
            Spectator s = spectators.get(i);
            if (!permits.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) break;
            s.reset(outcome -> {
                if (outcome == null) {
                    ok.incrementAndGet();
                    last.accumulateAndGet(System.nanoTime(), Math::max);
                } else {
                    failed.incrementAndGet();
                    synchronized (firstError) { if (firstError[0] == null) firstError[0] = outcome; }
                }
                permits.release();
                done.countDown();
            });
            connect(s, sources.get(i % sources.size()));
        }
        done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        int okN = (int) ok.get();
        return new Round(okN, to - from - okN, start, okN == 0 ? start : last.get(), firstError[0]);
    }

    private void connect(Spectator s, InetAddress source) {
        ChannelFuture f = bootstrap.clone().handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192),
                        new WebSocketClientProtocolHandler(config), new Frames(s));
            }
        }).connect(remote, new InetSocketAddress(source, 0));
        Channel ch = f.channel();
        s.channel = ch;
        f.addListener(r -> { if (!r.isSuccess() && s.channel == ch) s.finish("connect: " + r.cause()); });
        ch.closeFuture().addListener(r -> {
            if (s.channel != ch) return;  // an earlier connection of this spectator, replaced on purpose
            if (s.subscribed && !s.closing) closedAfterSubscribe.incrementAndGet();
            s.finish("closed before subscribed");
        });
    }

    /** The slow ones stop reading: their socket buffers fill and the relay must cope. */
    public void stall() {
        for (Spectator s : spectators) {
            if (s.slow && s.channel != null) s.channel.eventLoop().execute(() -> s.channel.config().setAutoRead(false));
        }
    }

    public void reset() {
        synchronized (window) {
            interval = recorder.getIntervalHistogram(interval);
            window.reset();
            updates.set(0);
            slow.clear();
        }
    }

    /** The moves since the last {@link #reset()} that some spectator here had later than {@link SlowMoves#SLOW_MICROS}. */
    public SlowMoves slowMoves() {
        return slow;
    }

    /** Live updates since the last {@link #reset()}: what a poll needs, without the histogram. */
    public long updates() {
        return updates.get();
    }

    public Window window() {
        synchronized (window) {
            interval = recorder.getIntervalHistogram(interval);  // recycled: a histogram of this range is ~300 KB
            window.add(interval);
            return new Window(updates.get(), closedAfterSubscribe.get(), window.copy());
        }
    }

    @Override
    public void close() {
        for (Spectator s : spectators) {
            s.closing = true;
            if (s.channel != null) s.channel.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
    }

    /** One spectator: its game, its last seen version (for a reconnect), and whether it subscribed. */
    private static final class Spectator {
        final String gameId;
        final boolean slow;
        volatile Channel channel;
        volatile long version;
        volatile boolean subscribed, closing;
        private Consumer<String> onOutcome;

        Spectator(String gameId, boolean slow) {
            this.gameId = gameId;
            this.slow = slow;
        }

        synchronized void reset(Consumer<String> outcome) {
            subscribed = false;
            closing = false;
            onOutcome = outcome;
        }

        /** The first outcome wins: null = subscribed, otherwise why it failed. */
        synchronized void finish(String error) {
            if (onOutcome == null) return;
            if (error == null) subscribed = true;
            Consumer<String> o = onOutcome;
            onOutcome = null;
            o.accept(error);
        }

        String subscribeJson() {
            return version > 0
                    ? "{\"subscribe\":{\"gameId\":\"" + gameId + "\",\"known\":{\"" + gameId + "\":" + version + "}}}"
                    : "{\"subscribe\":{\"gameId\":\"" + gameId + "\"}}";
        }
    }

    private final class Frames extends SimpleChannelInboundHandler<TextWebSocketFrame> {
        private final Spectator s;

        Frames(Spectator s) { this.s = s; }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                ctx.writeAndFlush(new TextWebSocketFrame(s.subscribeJson()));
            } else if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
                s.finish("handshake timeout");
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            long now = System.nanoTime();
            ByteBuf b = frame.content();
            if (FrameScan.isUpdate(b) || FrameScan.isSnapshot(b)) {
                long v = FrameScan.version(b);
                if (v > s.version) s.version = v;
                if (s.subscribed && FrameScan.isUpdate(b)) {
                    long sent = FrameScan.sentNanos(b);
                    if (sent != 0) {
                        long micros = Math.min(MAX_MICROS, Math.max(0, (now - sent) / 1000));
                        recorder.recordValue(micros);
                        slow.record(sent, micros);
                        updates.incrementAndGet();
                    }
                }
            } else if (FrameScan.isSubscribed(b)) {
                s.finish(null);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            s.finish(cause.toString());
            ctx.close();
        }
    }
}
