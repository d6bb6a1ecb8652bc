package org.damrelay.bench.baseline;

import com.google.protobuf.util.JsonFormat;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.Ack;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.Side;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribed;
import org.damrelay.proto.Welcome;
import org.damrelay.relay.fanout.SpectatorFanout;

/**
 * The floor the relay is measured against: a bare Netty WebSocket broadcaster speaking just
 * enough of the relay's protocol for the unchanged load ({@code /ws} subscribe, {@code /ingest}
 * hello and board events), with the relay's event-loop sizing and fan-out (each update encoded
 * once as the relay's JSON, a retained duplicate to every subscriber, one flush per event loop).
 * No journal, no rules, no auth, no limits: whatever the relay costs beyond this is its own.
 */
public final class BaselineServer implements AutoCloseable {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    /**
     * Every update carries the position after the ply; without rules the baseline sends the start
     * position's, of the same shape and about the same length (it shrinks as pieces go).
     */
    private static final String FEN = Fen.write(Position.start());

    private final EventLoopGroup boss, workers;
    private final Channel server;
    private final Map<String, Game> games = new ConcurrentHashMap<>();

    private BaselineServer(EventLoopGroup boss, EventLoopGroup workers, Channel server) {
        this.boss = boss;
        this.workers = workers;
        this.server = server;
    }

    /** Like RelayServer: epoll when available, one boss thread and Netty's default number of workers. */
    public static BaselineServer start(String host, int port) throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup boss = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        EventLoopGroup workers = epoll ? new EpollEventLoopGroup() : new NioEventLoopGroup();
        BaselineServer[] self = new BaselineServer[1];
        try {
            Channel ch = new ServerBootstrap().group(boss, workers)
                    .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                    new Route(self[0]));
                        }
                    }).bind(host, port).sync().channel();
            self[0] = new BaselineServer(boss, workers, ch);
            return self[0];
        } catch (RuntimeException | InterruptedException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            throw e;
        }
    }

    public int port() {
        return ((java.net.InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        boss.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
        workers.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private Game game(String id) {
        return games.computeIfAbsent(id, Game::new);
    }

    /**
     * One game's subscribers, grouped by event loop; each loop's list is touched only on that
     * loop, so neither subscribing nor delivering takes a lock.
     */
    private static final class Game {
        final String id;
        final Map<EventLoop, List<Channel>> byLoop = new ConcurrentHashMap<>();
        int version, plies;

        Game(String id) { this.id = id; }

        /** On c's event loop. */
        void add(Channel c) {
            byLoop.computeIfAbsent(c.eventLoop(), k -> new ArrayList<>()).add(c);
            // as a task of its own: never while a delivery on this loop iterates the list
            c.closeFuture().addListener(f -> c.eventLoop().execute(() -> byLoop.get(c.eventLoop()).remove(c)));
        }

        /** A move as the relay would release it: the driver's event with ply, side, notation and position. */
        synchronized GameUpdate next(GameEvent e) {
            int ply = ++plies;
            var m = e.getMove();
            GameEvent accepted = e.toBuilder().setPly(ply).setSide(ply % 2 == 1 ? Side.WHITE : Side.BLACK)
                    .setNotation(m.getFrom() + (m.getCapturedCount() == 0 ? "-" : "x") + m.getTo()).setFen(FEN).build();
            return GameUpdate.newBuilder().setGameId(id).setVersion(++version)
                    .setRelayTimeMs(System.currentTimeMillis()).setEvent(accepted).build();
        }

        /** Encoded once; each loop writes retained duplicates to its subscribers, then flushes them. */
        void broadcast(GameUpdate u) {
            if (byLoop.isEmpty()) return;
            TextWebSocketFrame frame = new TextWebSocketFrame(Unpooled.wrappedBuffer(
                    SpectatorFanout.json(SpectatorMessage.newBuilder().setUpdate(u).build()).getBytes(StandardCharsets.UTF_8)));
            for (Map.Entry<EventLoop, List<Channel>> e : byLoop.entrySet()) {
                TextWebSocketFrame shared = frame.retain();
                List<Channel> members = e.getValue();
                e.getKey().execute(() -> {
                    try {
                        for (Channel c : members) c.write(shared.retainedDuplicate(), c.voidPromise());
                        for (Channel c : members) c.flush();
                    } finally {
                        shared.release();
                    }
                });
            }
            frame.release();
        }
    }

    /** After the upgrade request: the WebSocket handler of its path, or 404. */
    private static final class Route extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final BaselineServer server;

        Route(BaselineServer server) {
            super(false);
            this.server = server;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
            String path = new QueryStringDecoder(req.uri()).path();
            if (path.equals("/ws")) {
                ctx.pipeline().addLast(new WebSocketServerProtocolHandler(path), new Spectator(server));
            } else if (path.equals("/ingest")) {
                ctx.pipeline().addLast(new WebSocketServerProtocolHandler(path), new Driver(server));
            } else {
                req.release();
                ctx.close();
                return;
            }
            ctx.pipeline().remove(this);
            ctx.fireChannelRead(req);
        }
    }

    /** {"subscribe":{"gameId":...}} joins that game's audience; the answer is {"subscribed":...}. */
    private static final class Spectator extends SimpleChannelInboundHandler<TextWebSocketFrame> {
        private final BaselineServer server;

        Spectator(BaselineServer server) { this.server = server; }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) throws Exception {
            SpectatorRequest.Builder req = SpectatorRequest.newBuilder();
            PARSER.merge(frame.text(), req);
            if (!req.hasSubscribe()) return;
            String gameId = req.getSubscribe().getGameId();
            server.game(gameId).add(ctx.channel());
            ctx.writeAndFlush(new TextWebSocketFrame(SpectatorFanout.json(SpectatorMessage.newBuilder()
                    .setSubscribed(Subscribed.newBuilder().setGameId(gameId).addGameIds(gameId)).build())));
        }
    }

    /**
     * Hello: a welcome. A board event: the update to the game the relay's bench config gives that
     * board ({@code EVENT-r1-bBOARD}, as Rig.config), and an ack per read batch.
     */
    private static final class Driver extends SimpleChannelInboundHandler<BinaryWebSocketFrame> {
        private final BaselineServer server;
        private String eventId;
        private BoardEvent last;

        Driver(BaselineServer server) { this.server = server; }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, BinaryWebSocketFrame frame) throws Exception {
            DriverFrame f = DriverFrame.parseFrom(ByteBufUtil.getBytes(frame.content()));
            if (f.hasHello()) {
                eventId = f.getHello().getEventId();
                send(ctx, RelayFrame.newBuilder().setWelcome(Welcome.newBuilder().setProtocolVersion(1).setEventId(eventId)).build());
            } else if (f.hasEvent() && eventId != null) {
                BoardEvent e = f.getEvent();
                Game g = server.game(eventId + "-r1-b" + e.getBoard());
                g.broadcast(g.next(e.getEvent()));
                last = e;
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
            if (last != null) {
                send(ctx, RelayFrame.newBuilder().setAck(Ack.newBuilder().setBoard(last.getBoard()).setSeq(last.getSeq())).build());
                last = null;
            }
            super.channelReadComplete(ctx);
        }

        private static void send(ChannelHandlerContext ctx, RelayFrame f) {
            ctx.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(f.toByteArray())));
        }
    }
}
