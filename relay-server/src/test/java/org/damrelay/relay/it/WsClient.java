package org.damrelay.relay.it;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
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
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** A real WebSocket client for tests (Netty), collecting what it receives. Also for other modules, from the relay-server test-jar. */
public final class WsClient implements AutoCloseable {

    static final EventLoopGroup GROUP = new NioEventLoopGroup(1);

    final List<Object> received = new CopyOnWriteArrayList<>();  // String (text) or byte[] (binary)
    volatile int closeCode = -1;
    volatile String closeReason;
    volatile int httpStatus;
    final CompletableFuture<Void> closed = new CompletableFuture<>();
    private final Channel channel;

    private WsClient(Channel channel) {
        this.channel = channel;
    }

    public static WsClient connect(int port, String path) throws Exception {
        return connect(port, path, new DefaultHttpHeaders(), 1 << 20);
    }

    /** Connects from {@code fromAddress} (a loopback address such as 127.0.0.2 stands for another machine), null = any. */
    public static WsClient connect(int port, String path, String fromAddress) throws Exception {
        return connect(port, path, new DefaultHttpHeaders(), 1 << 20, from(fromAddress));
    }

    /** Bootstrap options binding the local end to {@code fromAddress}, or none for null. */
    public static Consumer<Bootstrap> from(String fromAddress) {
        return b -> {
            if (fromAddress != null) b.localAddress(fromAddress, 0);
        };
    }

    public static WsClient connect(int port, String path, HttpHeaders headers, int maxFrame) throws Exception {
        return connect(port, path, headers, maxFrame, b -> { });
    }

    public static WsClient connect(int port, String path, HttpHeaders headers, int maxFrame,
                            Consumer<Bootstrap> options) throws Exception {
        URI uri = URI.create("ws://127.0.0.1:" + port + path);
        WebSocketClientHandshaker hs = WebSocketClientHandshakerFactory.newHandshaker(uri, WebSocketVersion.V13, null,
                false, headers, maxFrame);
        CompletableFuture<Void> done = new CompletableFuture<>();
        // made on the channel's loop before the handshake goes out, so every read of the answer finds it
        // (made after connect() returned on the test thread, a fast refusal was read first and lost its status)
        CompletableFuture<WsClient> made = new CompletableFuture<>();
        WsClient[] self = new WsClient[1];
        Bootstrap bootstrap = new Bootstrap().group(GROUP).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000);
        options.accept(bootstrap);
        Channel ch = bootstrap
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1 << 20),
                                new SimpleChannelInboundHandler<Object>() {
                                    @Override
                                    public void channelActive(ChannelHandlerContext ctx) {
                                        self[0] = new WsClient(ctx.channel());
                                        made.complete(self[0]);
                                        hs.handshake(ctx.channel());
                                    }

                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
                                        if (!hs.isHandshakeComplete() && msg instanceof FullHttpResponse r) {
                                            try {
                                                hs.finishHandshake(ctx.channel(), r);
                                                done.complete(null);
                                            } catch (RuntimeException e) {
                                                self[0].httpStatus = r.status().code();
                                                done.completeExceptionally(new IllegalStateException("HTTP " + r.status().code()));
                                            }
                                            return;
                                        }
                                        WsClient c = self[0];
                                        if (msg instanceof TextWebSocketFrame t) c.received.add(t.text());
                                        else if (msg instanceof BinaryWebSocketFrame b) c.received.add(ByteBufUtil.getBytes(b.content()));
                                        else if (msg instanceof CloseWebSocketFrame cl) {
                                            c.closeCode = cl.statusCode();
                                            c.closeReason = cl.reasonText();
                                        }
                                    }

                                    @Override
                                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                        ctx.close();  // the relay cut us: closeCode/closed tell the test
                                    }

                                    @Override
                                    public void channelInactive(ChannelHandlerContext ctx) {
                                        self[0].closed.complete(null);
                                        done.completeExceptionally(new IllegalStateException("closed during handshake"));
                                    }
                                });
                    }
                }).connect("127.0.0.1", port).sync().channel();
        WsClient client = made.get(30, TimeUnit.SECONDS);  // channelActive follows the connect; a bound, not a timing
        // not done here: the close future completes before channelInactive, and a refusal whose
        // body ends at the close (no length) is decoded only on channelInactive, which ends the wait
        ch.closeFuture().addListener(f -> client.closed.complete(null));
        try {
            done.get(30, TimeUnit.SECONDS);  // a bound, not a timing: a loaded CI machine may take seconds
        } catch (Exception e) {
            // the caller may look at httpStatus
        }
        return client;
    }

    /** Stops or resumes reading from the socket (a slow consumer). */
    public void reading(boolean on) {
        channel.config().setAutoRead(on);
        if (on) channel.read();
    }

    /** The HTTP status of a refused handshake (0 while none was refused). */
    public int httpStatus() {
        return httpStatus;
    }

    public boolean open() {
        return channel.isActive();
    }

    public void sendText(String s) {
        channel.writeAndFlush(new TextWebSocketFrame(s));
    }

    public void sendJson(Message m) {
        try {
            sendText(JsonFormat.printer().print(m));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    public void sendBinary(byte[] b) {
        channel.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(b)));
    }

    public void sendFrame(WebSocketFrame f) {
        channel.writeAndFlush(f);
    }

    public List<String> texts() {
        return received.stream().filter(String.class::isInstance).map(String.class::cast).toList();
    }

    public <T extends Message.Builder> List<T> json(Supplier<T> builder) {
        return texts().stream().map(s -> {
            T b = builder.get();
            try {
                JsonFormat.parser().merge(s, b);
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException(s, e);
            }
            return b;
        }).toList();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
