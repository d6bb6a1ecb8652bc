package org.damrelay.relay;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import org.damrelay.relay.http.SecurityHeaders;
import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.relay.arbiter.ArbiterHandler;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.arbiter.ArbiterHttp;
import org.damrelay.relay.arbiter.ArbiterScreens;
import org.damrelay.relay.arbiter.ArbiterService;
import org.damrelay.relay.arbiter.BookEntries;
import org.damrelay.relay.config.ClusterConfig;
import org.damrelay.relay.cluster.EdgeFeed;
import org.damrelay.relay.cluster.RedisStreamBus;
import org.damrelay.relay.cluster.ClusterMetrics;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.fanout.InProcessBus;
import org.damrelay.relay.engine.EngineService;
import org.damrelay.relay.fanout.SpectatorFanout;
import org.damrelay.relay.fanout.SpectatorHandler;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.http.ConnectionLimiter;
import org.damrelay.relay.http.HttpRouter;
import org.damrelay.relay.http.IdleSweeps;
import org.damrelay.relay.http.InOrder;
import org.damrelay.relay.http.RequestDeadline;
import org.damrelay.relay.http.StateEndpoints;
import org.damrelay.relay.http.StaticFiles;
import org.damrelay.relay.evidence.EvidenceStore;
import org.damrelay.relay.ingest.IngestHandler;
import org.damrelay.relay.ingest.IngestService;
import org.damrelay.relay.metrics.RelayMetrics;
import org.damrelay.relay.notation.NotationHandler;
import org.damrelay.relay.notation.NotationService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay as one object: {@code RelayServer.start(config)} rebuilds the state from the journal,
 * binds (port 0 = an ephemeral port, see {@link #port()}) and serves until {@link #close()}.
 */
public final class RelayServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RelayServer.class);

    private final RelayCore core;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Channel serverChannel;
    private final int port;
    private final ChannelGroup webSockets;
    private final Cluster cluster;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Promise<Void> closed = GlobalEventExecutor.INSTANCE.newPromise();

    /** This relay's part in a cluster: its bus to close, and on an edge the feed. */
    private record Cluster(ClusterConfig.Role role, AutoCloseable bus, EdgeFeed feed) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            if (feed != null) feed.close();
            if (bus != null) bus.close();
        }
    }

    /** The core and the endpoints of one role; an edge has no ingest and no arbiter (null). */
    private record Wiring(RelayCore core, Cluster cluster, HttpRouter.Endpoints endpoints, SpectatorFanout fanout,
                          IngestService ingest, ArbiterScreens screens, EngineService engine) {

        /** Spectators only: no journal, no ingest, no arbiter, no notation; the games come from the origin. */
        static Wiring edge(RelayConfig config, ClusterConfig cc, ChannelGroup webSockets, IdleSweeps sweeps, ConnectionLimiter limiter) {
            RelayMetrics metrics = new RelayMetrics(false);
            RelayCore core = RelayCore.replica(config, metrics, new InProcessBus());
            SpectatorFanout fanout = new SpectatorFanout(core);
            EdgeFeed feed = EdgeFeed.start(core, cc, ClusterMetrics.edge(metrics.registry()));
            return new Wiring(core, new Cluster(cc.role(), null, feed), new HttpRouter.Endpoints(
                    null, () -> new SpectatorHandler(core, fanout), null, null, null, feed::health, webSockets, sweeps, limiter, null,
                    () -> feed.syncs() > 0),
                    fanout, null, null, null);
        }

        /** The relay as always; as an origin it also appends what it releases to Redis and serves its state to edges. */
        static Wiring relay(RelayConfig config, ClusterConfig cc, ChannelGroup webSockets, IdleSweeps sweeps, ConnectionLimiter limiter,
                            EventLoop coreLoop) throws IOException {
            RelayMetrics metrics = new RelayMetrics();
            RedisStreamBus redis = cc.role() == ClusterConfig.Role.ORIGIN ? RedisStreamBus.open(cc, ClusterMetrics.origin(metrics.registry())) : null;
            RelayCore core;
            try {
                core = RelayCore.open(config, metrics, redis != null ? redis : new InProcessBus(), coreLoop);
            } catch (IOException | RuntimeException e) {
                if (redis != null) redis.close();
                throw e;
            }
            if (redis != null) core.execute(() -> redis.attach(core.book()));
            EvidenceStore evidence;
            try {
                evidence = EvidenceStore.open(config.dataPath());
            } catch (IOException | RuntimeException e) {
                core.close();
                throw e;
            }
            IngestService ingest = new IngestService(core, evidence);
            SpectatorFanout fanout = new SpectatorFanout(core);
            ArbiterScreens screens = new ArbiterScreens(core, ingest);
            BookEntries entries = new BookEntries(core);
            ArbiterService arbiter = new ArbiterService(core, ingest, screens, entries);
            NotationService notation = new NotationService(core, ingest, arbiter, entries);
            watchBoards(core);
            // evaluations of released positions, by the engine the config names (none by default)
            EngineService engine = new EngineService(core, fanout, screens::relayAlert);
            engine.configure(config.engine());
            return new Wiring(core, new Cluster(cc.role(), redis, null), new HttpRouter.Endpoints(
                    () -> new IngestHandler(core, ingest),
                    () -> new SpectatorHandler(core, fanout),
                    () -> new ArbiterHandler(core, screens, arbiter),
                    new ArbiterHttp(core, arbiter),
                    redis != null ? redis.originLog() : null, redis != null ? redis::health : null,
                    webSockets, sweeps, limiter, () -> new NotationHandler(core, notation)), fanout, ingest, screens, engine);
        }
    }

    private final IngestService ingest;
    private final ArbiterScreens screens;
    private final EngineService engine;

    private RelayServer(Wiring w, EventLoopGroup boss, EventLoopGroup workers, Channel serverChannel, ChannelGroup webSockets) {
        this.core = w.core();
        this.cluster = w.cluster();
        this.ingest = w.ingest();
        this.screens = w.screens();
        this.engine = w.engine();
        this.webSockets = webSockets;
        this.boss = boss;
        this.workers = workers;
        this.serverChannel = serverChannel;
        this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    public static RelayServer start(RelayConfig config) throws IOException, InterruptedException {
        ClusterConfig cc = config.cluster() == null ? ClusterConfig.single() : config.cluster();
        ConfigCheck.check(config);
        ChannelGroup webSockets = new DefaultChannelGroup("websockets", GlobalEventExecutor.INSTANCE);
        RelayConfig.Limits limits = config.limits();
        ConnectionLimiter limiter = new ConnectionLimiter(limits.connectionsPerIp(), config.edge().maxConnections(), ConfigCheck.trustedProxies(config));
        long readTimeout = config.edge().requestReadTimeoutMillis();
        SecurityHeaders securityHeaders = new SecurityHeaders(config.edge().trustedRelays(), config.edge().frameAncestors());
        IdleSweeps sweeps = new IdleSweeps(config.limits().idleTimeoutSeconds());
        boolean epoll = Epoll.isAvailable();
        // eventLoops 1: one event loop that accepts, serves and runs the core (RelayConfig.eventLoops);
        // an edge keeps its core apart (its feed waits on it from a thread of its own)
        boolean oneLoop = config.coreOnEventLoop() && cc.role() != ClusterConfig.Role.EDGE;
        int loops = oneLoop ? 1 : config.eventLoops();
        EventLoopGroup workers = epoll ? new EpollEventLoopGroup(loops) : new NioEventLoopGroup(loops);
        EventLoopGroup boss = oneLoop ? workers : epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        Wiring w;
        try {
            w = cc.role() == ClusterConfig.Role.EDGE ? Wiring.edge(config, cc, webSockets, sweeps, limiter)
                    : Wiring.relay(config, cc, webSockets, sweeps, limiter, oneLoop ? workers.next() : null);
        } catch (IOException | RuntimeException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            throw e;
        }
        RelayCore core = w.core();
        limiter.reportTo(core.metrics());
        Cluster cluster = w.cluster();
        HttpRouter.Endpoints endpoints = w.endpoints();
        StaticFiles files = new StaticFiles(config.viewerDir() == null || config.viewerDir().isBlank()
                ? null : config.resolve(config.viewerDir()));
        // an edge counts its own spectators only
        StateEndpoints state = new StateEndpoints(core.book(), w.fanout()::spectators);
        Class<? extends ServerSocketChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        String io = (epoll ? "epoll" : "nio") + (oneLoop ? ", one event loop that runs the core too" : "");
        try {
            SslContext ssl = ConfigCheck.sslContext(config);
            ServerBootstrap b = new ServerBootstrap().group(boss, workers).channel(channelType)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                            new WriteBufferWaterMark(limits.writeBufferLowBytes(), limits.writeBufferHighBytes()))
                    .childOption(ChannelOption.SO_SNDBUF, limits.socketSendBufferBytes() > 0 ? limits.socketSendBufferBytes() : null)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (ssl != null) ch.pipeline().addLast("tls", ssl.newHandler(ch.alloc()));
                            ch.pipeline().addLast("limiter", limiter)
                                    .addLast("http", new HttpServerCodec())
                                    .addLast(SecurityHeaders.NAME, securityHeaders)
                                    // gzip for clients that accept it (a round's JSON shrinks ~10x); the
                                    // WebSocket handshake takes it out of the pipeline with the aggregator
                                    .addLast("compressor", new HttpContentCompressor(1024, StandardCompressionOptions.gzip(), StandardCompressionOptions.deflate()))
                                    .addLast("aggregator", new HttpObjectAggregator(64 * 1024))
                                    .addLast(RequestDeadline.NAME, new RequestDeadline(readTimeout))
                                    .addLast(InOrder.NAME, new InOrder())
                                    .addLast("router", new HttpRouter(core, endpoints, files, state));
                        }
                    });
            Channel ch;
            try {
                ch = b.bind(config.listen().host(), config.listen().port()).sync().channel();
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                // Netty rethrows the socket's own (checked) error here: name the address, not the data directory
                throw new CannotListen(config.listen().host() + ":" + config.listen().port() + ": " + e.getMessage(), e);
            }
            RelayServer server = new RelayServer(w, boss, workers, ch, webSockets);
            if (cc.role() == ClusterConfig.Role.EDGE) {
                log.info("edge relay listening on {}:{} ({}), fed by {} and origin {}", config.listen().host(), server.port,
                        io, cc.redis().stream(), cc.origin());
            } else {
                log.info("{} listening on {}:{} ({}), data in {}", cc.role() == ClusterConfig.Role.ORIGIN ? "origin relay" : "relay",
                        config.listen().host(), server.port, io, Path.of(config.dataDir()));
            }
            return server;
        } catch (IOException | RuntimeException | InterruptedException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            closeQuietly(cluster);
            core.close();
            throw e;
        }
    }

    /** The listen address cannot be bound (in use, not this machine's, no permission). */
    public static final class CannotListen extends IOException {
        CannotListen(String message, Throwable cause) {
            super("cannot listen on " + message, cause);
        }
    }

    /**
     * Takes the tokens of a re-read config while running (drivers' and arbiters'); sessions whose
     * token is gone or revoked are closed (4401), and the engine section (an engine started, changed or
     * switched off). Everything else in the config needs a restart.
     */
    public void reload(RelayConfig newConfig) {
        core.tokens().replace(newConfig.events());
        if (engine != null) engine.configure(newConfig.engine());
        if (ingest != null) {
            core.execute(() -> {
                ingest.closeRevoked(core.tokens());
                screens.closeRevoked(core.tokens());
                screens.relayAlert(configAlert("config read", true));
            });
        }
        log.info("tokens re-read: {} events", newConfig.events().size());
    }

    /** A changed config could not be used (the last good one stays): the arbiters are told. */
    public void configRejected(String reason) {
        if (screens != null) core.execute(() -> screens.relayAlert(configAlert(reason, false)));
    }

    private static RelayAlert configAlert(String text, boolean cleared) {
        return RelayAlert.newBuilder().setType(RelayAlertType.CONFIG_REJECTED).setText(text)
                .setRelayTimeMs(System.currentTimeMillis()).setCleared(cleared).build();
    }

    /**
     * The per-board connected gauge and the alert counters, registered for every configured game
     * and alert type, then kept by the live updates: a board is connected from its first event
     * until its driver reports it disconnected.
     */
    private static void watchBoards(RelayCore core) {
        RelayMetrics metrics = core.metrics();
        metrics.alertTypes(Arrays.stream(EventType.values())
                .filter(t -> t != EventType.MOVE && t != EventType.EVENT_TYPE_UNSPECIFIED && t != EventType.UNRECOGNIZED)
                .map(EventType::name).toList());
        core.execute(() -> core.book().directory().allGames().forEach(g -> metrics.boardConnected(g.getGameId(), false)));
        core.addLiveListener(new RelayCore.LiveListener() {
            @Override
            public void written(GameBook.Applied applied) {
                GameUpdate u = applied.update();
                if (u != null && u.hasEvent()) metrics.boardConnected(u.getGameId(), u.getEvent().getType() != EventType.BOARD_DISCONNECTED);
            }
        });
    }

    /** The bound port (the real one when the config said 0). */
    public int port() { return port; }

    public RelayCore core() { return core; }

    public ClusterConfig.Role role() { return cluster.role(); }

    /**
     * Returns once this relay has its games: at once on an origin or a single relay, on an edge
     * once it took the origin's state (until then it refuses spectators with 503); false if that
     * did not happen within {@code millis}.
     */
    public boolean awaitState(long millis) throws InterruptedException {
        EdgeFeed f = cluster.feed();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (f != null && f.syncs() == 0) {
            if (System.nanoTime() >= until) return false;
            Thread.sleep(20);
        }
        return true;
    }

    /** An edge's feed (its state, how often it synced); null on an origin or a single relay. */
    public EdgeFeed edgeFeed() { return cluster.feed(); }

    public void awaitClose() throws InterruptedException {
        serverChannel.closeFuture().sync();
    }

    @Override
    public void close() {
        // a signal, the shutdown hook and a caller may all ask: the first one closes, the others wait for it
        if (!closing.compareAndSet(false, true)) {
            closed.awaitUninterruptibly(30, TimeUnit.SECONDS);
            return;
        }
        try {
            closeOnce();
        } finally {
            closed.setSuccess(null);
        }
    }

    private void closeOnce() {
        serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        // tell every WebSocket why it goes: drivers and viewers reconnect, they were not refused
        webSockets.writeAndFlush(new CloseWebSocketFrame(1001, "relay shutting down")).awaitUninterruptibly(2, TimeUnit.SECONDS);
        webSockets.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        closeQuietly(cluster);
        if (engine != null) engine.close();
        if (ingest != null && ingest.evidence() != null) ingest.evidence().close();
        core.close();
        core.metrics().close();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            log.warn("while closing the cluster link: {}", e.toString());
        }
    }
}
