package org.damrelay.relay;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.concurrent.GlobalEventExecutor;
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
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Set;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.arbiter.ArbiterHandler;
import org.damrelay.relay.arbiter.ArbiterHttp;
import org.damrelay.relay.arbiter.ArbiterService;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.fanout.InProcessBus;
import org.damrelay.relay.fanout.SpectatorFanout;
import org.damrelay.relay.fanout.SpectatorHandler;
import org.damrelay.relay.http.ConnectionLimiter;
import org.damrelay.relay.http.HttpRouter;
import org.damrelay.relay.http.IdleSweeps;
import org.damrelay.relay.http.RequestDeadline;
import org.damrelay.relay.http.StateEndpoints;
import org.damrelay.relay.http.StaticFiles;
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

    private final IngestService ingest;
    private final ArbiterService arbiter;

    private RelayServer(RelayCore core, EventLoopGroup boss, EventLoopGroup workers, Channel serverChannel, ChannelGroup webSockets,
                        IngestService ingest, ArbiterService arbiter) {
        this.core = core;
        this.ingest = ingest;
        this.arbiter = arbiter;
        this.webSockets = webSockets;
        this.boss = boss;
        this.workers = workers;
        this.serverChannel = serverChannel;
        this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    public static RelayServer start(RelayConfig config) throws IOException, InterruptedException {
        RelayCore core = RelayCore.open(config, new RelayMetrics(), new InProcessBus());
        watchBoards(core);
        ChannelGroup webSockets = new DefaultChannelGroup("websockets", GlobalEventExecutor.INSTANCE);
        IngestService ingest = new IngestService(core);
        SpectatorFanout fanout = new SpectatorFanout(core);
        ArbiterService arbiter = new ArbiterService(core, ingest);
        NotationService notation = new NotationService(core, ingest, arbiter);
        RelayConfig.Limits limits = config.limits();
        ConnectionLimiter limiter = new ConnectionLimiter(limits.connectionsPerIp(), trustedProxies(config));
        long readTimeout = config.edge().requestReadTimeoutMillis();
        HttpRouter.Endpoints endpoints = new HttpRouter.Endpoints(
                () -> new IngestHandler(core, ingest),
                () -> new SpectatorHandler(core, fanout),
                () -> new ArbiterHandler(core, arbiter),
                new ArbiterHttp(core, arbiter), webSockets, new IdleSweeps(config.limits().idleTimeoutSeconds()), limiter,
                () -> new NotationHandler(core, notation));
        StaticFiles files = new StaticFiles(config.viewerDir() == null || config.viewerDir().isBlank()
                ? null : config.resolve(config.viewerDir()));
        StateEndpoints state = new StateEndpoints(core.book(), fanout::spectators);
        SslContext ssl = config.tls() != null && config.tls().enabled()
                ? SslContextBuilder.forServer(config.resolve(config.tls().certChainPem()).toFile(),
                        config.resolve(config.tls().privateKeyPem()).toFile()).build()
                : null;

        boolean epoll = Epoll.isAvailable();
        EventLoopGroup boss = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        EventLoopGroup workers = epoll ? new EpollEventLoopGroup() : new NioEventLoopGroup();
        Class<? extends ServerSocketChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        try {
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
                                    // gzip for clients that accept it (a round's JSON shrinks ~10x); the
                                    // WebSocket handshake takes it out of the pipeline with the aggregator
                                    .addLast("compressor", new HttpContentCompressor(1024, StandardCompressionOptions.gzip(), StandardCompressionOptions.deflate()))
                                    .addLast("aggregator", new HttpObjectAggregator(64 * 1024))
                                    .addLast(RequestDeadline.NAME, new RequestDeadline(readTimeout))
                                    .addLast("router", new HttpRouter(core, endpoints, files, state));
                        }
                    });
            Channel ch = b.bind(config.listen().host(), config.listen().port()).sync().channel();
            RelayServer server = new RelayServer(core, boss, workers, ch, webSockets, ingest, arbiter);
            log.info("relay listening on {}:{} ({}), data in {}", config.listen().host(), server.port,
                    epoll ? "epoll" : "nio", Path.of(config.dataDir()));
            return server;
        } catch (RuntimeException | InterruptedException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            core.close();
            throw e;
        }
    }

    private static Set<InetAddress> trustedProxies(RelayConfig config) {
        Set<InetAddress> out = new HashSet<>();
        for (String p : config.edge().trustedProxies()) {
            InetAddress a = NetUtil.createInetAddressFromIpAddressString(p.strip());
            if (a == null) throw new IllegalArgumentException("edge.trustedProxies: \"" + p + "\" is not an IP address");
            out.add(a);
        }
        return out;
    }

    /**
     * Takes the tokens of a re-read config while running (drivers' and arbiters'); sessions whose
     * token is gone or revoked are closed (4401). Everything else in the config needs a restart.
     */
    public void reload(RelayConfig newConfig) {
        core.tokens().replace(newConfig.events());
        core.execute(() -> {
            ingest.closeRevoked(core.tokens());
            arbiter.closeRevoked(core.tokens());
        });
        log.info("tokens re-read: {} events", newConfig.events().size());
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
        core.addLiveListener(applied -> {
            GameUpdate u = applied.update();
            if (u != null && u.hasEvent()) metrics.boardConnected(u.getGameId(), u.getEvent().getType() != EventType.BOARD_DISCONNECTED);
        });
    }

    /** The bound port (the real one when the config said 0). */
    public int port() { return port; }

    public RelayCore core() { return core; }

    public void awaitClose() throws InterruptedException {
        serverChannel.closeFuture().sync();
    }

    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        // tell every WebSocket why it goes: drivers and viewers reconnect, they were not refused
        webSockets.writeAndFlush(new CloseWebSocketFrame(1001, "relay shutting down")).awaitUninterruptibly(2, TimeUnit.SECONDS);
        webSockets.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        core.close();
    }
}
