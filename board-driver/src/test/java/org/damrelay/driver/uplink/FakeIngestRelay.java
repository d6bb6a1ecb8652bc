package org.damrelay.driver.uplink;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.damrelay.proto.Ack;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.Welcome;

/**
 * A minimal stand-in for the relay's /ingest on loopback, following docs/protocol.md: token check,
 * Welcome with the durable seq per board, in-order acceptance, duplicates dropped and acked again,
 * gaps refused, and a refusal that blocks a board until {@link #resolve}. Its store outlives
 * {@link #stop()} so a restart behaves like a relay coming back with its journal.
 */
final class FakeIngestRelay implements AutoCloseable {
    static final String TOKEN = "secret-driver-token";

    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final Map<String, List<BoardEvent>> stored = new ConcurrentHashMap<>();
    private final Map<String, Long> blocked = new ConcurrentHashMap<>();
    private final Set<Long> refuseSeqs = ConcurrentHashMap.newKeySet();
    final AtomicInteger hellos = new AtomicInteger();
    final AtomicInteger duplicates = new AtomicInteger();
    final AtomicInteger received = new AtomicInteger();
    /** While set, events are stored but not acked (a relay whose disk is slow). */
    volatile boolean holdAcks;
    private final Set<Channel> waitingForAck = ConcurrentHashMap.newKeySet();
    private volatile Predicate<String> tokenOk = TOKEN::equals;
    final AtomicInteger accepted = new AtomicInteger();
    private final SslContext ssl;
    private Channel server;
    private int port;

    FakeIngestRelay() {
        this(null);
    }

    /** With {@code ssl}, the relay speaks wss:// only. */
    FakeIngestRelay(SslContext ssl) {
        this.ssl = ssl;
    }

    FakeIngestRelay start() throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        clients.add(ch);
                        accepted.incrementAndGet();
                        if (ssl != null) ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                new WebSocketServerProtocolHandler("/ingest", null, false, 1 << 20),
                                new Session());
                    }
                });
        server = b.bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
        port = ((InetSocketAddress) server.localAddress()).getPort();
        return this;
    }

    /** The relay goes away: listener and every connection closed without a goodbye. */
    void stop() throws InterruptedException {
        server.close().sync();
        clients.close().sync();
    }

    URI uri() {
        return URI.create((ssl != null ? "wss" : "ws") + "://127.0.0.1:" + port + "/ingest");
    }

    void refuseSeq(long seq) {
        refuseSeqs.add(seq);
    }

    void rejectAllTokens() {
        tokenOk = t -> false;
    }

    /** The arbiter releases the blocked board: the refused seq is acked as skipped. */
    void resolve(String board) {
        Long seq = blocked.remove(board);
        if (seq == null) throw new IllegalStateException("board " + board + " is not blocked");
        skipped.put(board, seq);
        for (Channel c : clients) {
            send(c, RelayFrame.newBuilder().setAck(Ack.newBuilder().setBoard(board).setSeq(seq).setSkipped(true)).build());
        }
    }

    private final Map<String, Long> skipped = new ConcurrentHashMap<>();

    /** Seeds the store as if an earlier session had delivered these. */
    void preload(BoardEvent e) {
        stored.computeIfAbsent(e.getBoard(), k -> new ArrayList<>()).add(e);
    }

    synchronized List<BoardEvent> stored(String board) {
        return List.copyOf(stored.getOrDefault(board, List.of()));
    }

    synchronized List<Long> storedSeqs(String board) {
        return stored(board).stream().map(BoardEvent::getSeq).toList();
    }

    private synchronized long durable(String board) {
        List<BoardEvent> l = stored.getOrDefault(board, List.of());
        long last = l.isEmpty() ? 0 : l.get(l.size() - 1).getSeq();
        return Math.max(last, skipped.getOrDefault(board, 0L));
    }

    private static void send(Channel c, RelayFrame f) {
        c.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(f.toByteArray())));
    }

    private final class Session extends SimpleChannelInboundHandler<BinaryWebSocketFrame> {
        private boolean helloSeen;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, BinaryWebSocketFrame frame) throws Exception {
            DriverFrame f = DriverFrame.parseFrom(ByteBufUtil.getBytes(frame.content()));
            if (!helloSeen) {
                if (!f.hasHello()) {
                    ctx.writeAndFlush(new CloseWebSocketFrame(4400, "malformed frame: first frame is not Hello"))
                            .addListener(ChannelFutureListener.CLOSE);
                    return;
                }
                hellos.incrementAndGet();
                if (!tokenOk.test(f.getHello().getToken())) {
                    ctx.writeAndFlush(new CloseWebSocketFrame(4401, "unknown or revoked token"))
                            .addListener(ChannelFutureListener.CLOSE);
                    return;
                }
                helloSeen = true;
                Welcome.Builder w = Welcome.newBuilder().setProtocolVersion(1).setEventId(f.getHello().getEventId());
                Set<String> boards = new HashSet<>(stored.keySet());
                boards.addAll(skipped.keySet());
                for (String b : boards) w.addBoards(Ack.newBuilder().setBoard(b).setSeq(durable(b)));
                send(ctx.channel(), RelayFrame.newBuilder().setWelcome(w).build());
                return;
            }
            BoardEvent e = f.getEvent();
            received.incrementAndGet();
            String board = e.getBoard();
            RelayFrame answer;
            synchronized (FakeIngestRelay.this) {
                long last = durable(board);
                if (e.getSeq() <= last) {
                    duplicates.incrementAndGet();
                    answer = ack(board, last);
                } else if (blocked.containsKey(board)) {
                    answer = error(IngestError.Code.BOARD_BLOCKED, e, "board is blocked");
                } else if (e.getSeq() > last + 1) {
                    answer = error(IngestError.Code.SEQUENCE_GAP, e, "expected seq " + (last + 1));
                } else if (refuseSeqs.remove(e.getSeq())) {
                    blocked.put(board, e.getSeq());
                    answer = error(IngestError.Code.MOVE_REFUSED, e, "not a legal move here");
                } else {
                    stored.computeIfAbsent(board, k -> new ArrayList<>()).add(e.toBuilder().clearSentNanos().build());
                    answer = ack(board, e.getSeq());
                }
            }
            if (holdAcks && answer.hasAck()) {
                waitingForAck.add(ctx.channel());
                return;
            }
            send(ctx.channel(), answer);
        }
    }

    /** Acks everything held back, cumulatively per board. */
    void releaseAcks() {
        holdAcks = false;
        for (Channel c : waitingForAck) {
            for (String b : stored.keySet()) send(c, ack(b, durable(b)));
        }
        waitingForAck.clear();
    }

    private static RelayFrame ack(String board, long seq) {
        return RelayFrame.newBuilder().setAck(Ack.newBuilder().setBoard(board).setSeq(seq)).build();
    }

    private static RelayFrame error(IngestError.Code code, BoardEvent e, String msg) {
        return RelayFrame.newBuilder().setError(IngestError.newBuilder().setCode(code).setBoard(e.getBoard())
                .setSeq(e.getSeq()).setMessage(msg)).build();
    }

    @Override
    public void close() throws InterruptedException {
        if (server != null) server.close().sync();
        clients.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
}
