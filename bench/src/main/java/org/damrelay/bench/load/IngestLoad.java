package org.damrelay.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.proto.Hello;
import org.damrelay.proto.RelayFrame;

/**
 * One driver connection on {@code /ingest} feeding legal moves to many boards at a set rate.
 * Each move carries its scheduled send time ({@code sentNanos}): when the sender falls behind,
 * the lateness counts in the spectators' latency instead of vanishing (coordinated omission).
 */
public final class IngestLoad implements AutoCloseable {

    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final Map<String, List<Move>> lines = new HashMap<>();
    private final Map<String, Integer> played = new HashMap<>();
    /** The boards {@link #play} feeds, and those only {@link #warmUp} feeds (no spectator watches them). */
    private final List<String> boards, warmUpBoards;
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private final CompletableFuture<Void> welcomed = new CompletableFuture<>();
    private final Channel channel;
    private long sent;
    private int cursor;
    private volatile boolean stopped;

    /**
     * Connects, says hello and waits for the welcome.
     *
     * @param lines board (source board of the pairing) to the moves it will play, in order
     */
    public IngestLoad(String host, int port, String token, String eventId, String driverId,
                      Map<String, List<Move>> lines) throws Exception {
        this(host, port, token, eventId, driverId, lines, Map.of());
    }

    /** @param warmUpLines boards that only {@link #warmUp} plays, to the moves each will play */
    public IngestLoad(String host, int port, String token, String eventId, String driverId,
                      Map<String, List<Move>> lines, Map<String, List<Move>> warmUpLines) throws Exception {
        this.lines.putAll(lines);
        this.lines.putAll(warmUpLines);
        this.boards = List.copyOf(lines.keySet());
        this.warmUpBoards = List.copyOf(warmUpLines.keySet());
        var hs = WebSocketClientHandshakerFactory.newHandshaker(URI.create("ws://" + host + ":" + port + "/ingest"),
                WebSocketVersion.V13, null, false, new DefaultHttpHeaders(), 1 << 20);
        byte[] hello = DriverFrame.newBuilder().setHello(Hello.newBuilder().setProtocolVersion(1).setToken(token)
                .setEventId(eventId).setDriverId(driverId).setSoftware("damrelay bench")).build().toByteArray();
        try {
            channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1 << 16),
                                    new WebSocketClientProtocolHandler(hs, true), new Replies(hello));
                        }
                    }).connect(host, port).sync().channel();
            welcomed.get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /**
     * Sends moves round-robin over the boards at {@code movesPerSecond} for {@code duration}, or
     * until every line is played out. Returns how many it sent.
     */
    public long play(double movesPerSecond, Duration duration) {
        return play(movesPerSecond, duration, boards);
    }

    /**
     * Plays the warm-up boards' lines as {@link #play} does, until they are played out or
     * {@code duration} is over: whole games (kings, captures, draws by the rules) through the relay's
     * rules and journal, leaving the watched games' moves for the measurement.
     */
    public long warmUp(double movesPerSecond, Duration duration) {
        return play(movesPerSecond, duration, warmUpBoards);
    }

    private long play(double movesPerSecond, Duration duration, List<String> over) {
        if (over.isEmpty()) return 0;
        stopped = false;
        long start = System.nanoTime(), end = start + duration.toNanos();
        double interval = 1e9 / movesPerSecond;
        long k = 0;
        List<BoardEvent> batch = new ArrayList<>();
        while (true) {
            long now = System.nanoTime();
            if (now >= end || stopped) break;
            while (start + (long) (k * interval) <= now) {
                BoardEvent e = nextMove(over, start + (long) (k * interval));
                if (e == null) break;
                batch.add(e);
                k++;
            }
            if (!batch.isEmpty()) {
                write(batch);
                batch = new ArrayList<>();
            } else if (remaining(over) == 0) {
                break;
            }
            // until the next move is due (not a fixed 200 µs: at 50 moves/s that was 5,000 wake-ups a second
            // on the load's core); capped so that stop() is seen
            long due = Math.min(end, start + (long) (k * interval));
            LockSupport.parkNanos(Math.min(10_000_000L, Math.max(1_000L, due - System.nanoTime())));
        }
        return k;
    }

    /** Ends a {@link #play} under way in another thread after its current batch. */
    public void stop() {
        stopped = true;
    }

    /** One move on one board, stamped now. Returns false when that board's line is played out. */
    public boolean playOne(String board) {
        BoardEvent e = moveOf(board, System.nanoTime());
        if (e == null) return false;
        write(List.of(e));
        return true;
    }

    private BoardEvent nextMove(List<String> over, long scheduledNanos) {
        for (int tries = 0; tries < over.size(); tries++) {
            String board = over.get(cursor++ % over.size());
            BoardEvent e = moveOf(board, scheduledNanos);
            if (e != null) return e;
        }
        return null;
    }

    private synchronized BoardEvent moveOf(String board, long scheduledNanos) {
        int i = played.getOrDefault(board, 0);
        List<Move> line = lines.get(board);
        if (line == null || i >= line.size()) return null;
        played.put(board, i + 1);
        sent++;
        Move m = line.get(i);
        GameEvent ev = GameEvent.newBuilder().setType(EventType.MOVE)
                .setMove(GameWire.move(m))
                .setCaptureTimeMs(System.currentTimeMillis()).setSentNanos(scheduledNanos).build();
        return BoardEvent.newBuilder().setBoard(board).setSeq(i + 1).setEvent(ev).setSentNanos(scheduledNanos).build();
    }

    private void write(List<BoardEvent> batch) {
        channel.eventLoop().execute(() -> {
            for (BoardEvent e : batch) {
                channel.write(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(
                        DriverFrame.newBuilder().setEvent(e).build().toByteArray())));
            }
            channel.flush();
        });
    }

    /** Moves not yet sent, over the boards {@link #play} feeds. */
    public long remaining() {
        return remaining(boards);
    }

    private synchronized long remaining(List<String> over) {
        long r = 0;
        for (String b : over) r += lines.get(b).size() - played.getOrDefault(b, 0);
        return r;
    }

    public synchronized long sent() { return sent; }

    /** Acks received (cumulative acks, so fewer than moves sent). */
    public long acks() { return acked.get(); }

    public long errors() { return errors.get(); }

    public String firstError() { return firstError.get(); }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    private final class Replies extends SimpleChannelInboundHandler<BinaryWebSocketFrame> {
        private final byte[] hello;

        Replies(byte[] hello) { this.hello = hello; }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                ctx.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(hello)));
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, BinaryWebSocketFrame msg) throws Exception {
            RelayFrame f = RelayFrame.parseFrom(ByteBufUtil.getBytes(msg.content()));
            if (f.hasWelcome()) welcomed.complete(null);
            else if (f.hasAck()) acked.incrementAndGet();
            else if (f.hasError()) {
                errors.incrementAndGet();
                firstError.compareAndSet(null, f.getError().getCode() + " " + f.getError().getMessage());
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            welcomed.completeExceptionally(new IllegalStateException("ingest connection closed before welcome"));
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            welcomed.completeExceptionally(cause);
            ctx.close();
        }
    }
}
