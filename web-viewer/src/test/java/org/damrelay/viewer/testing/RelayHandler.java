package org.damrelay.viewer.testing;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One connection of the {@link ScriptedRelay}: static viewer files, or a /ws or /arbiter WebSocket. */
final class RelayHandler extends SimpleChannelInboundHandler<Object> {

    private static final String ROOT = "damrelay/viewer/";
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "svg", "image/svg+xml", "png", "image/png", "ico", "image/x-icon");

    private final ScriptedRelay relay;
    private WebSocketServerHandshaker handshaker;
    private boolean arbiter;

    RelayHandler(ScriptedRelay relay) {
        this.relay = relay;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) throws IOException {
        if (msg instanceof FullHttpRequest req) http(ctx, req);
        else if (msg instanceof WebSocketFrame frame) frame(ctx, frame);
    }

    private void http(ChannelHandlerContext ctx, FullHttpRequest req) throws IOException {
        String path = new QueryStringDecoder(req.uri()).path();
        if (path.equals("/ws") || path.equals("/arbiter")) {
            arbiter = path.equals("/arbiter");
            String url = "ws://" + req.headers().get(HttpHeaderNames.HOST) + path;
            handshaker = new WebSocketServerHandshakerFactory(url, null, false).newHandshaker(req);
            if (handshaker == null) WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ctx.channel());
            else handshaker.handshake(ctx.channel(), req);
            return;
        }
        String file = path.equals("/") ? "index.html" : path.substring(1);
        if (file.contains("..")) {
            respond(ctx, HttpResponseStatus.BAD_REQUEST, "text/plain", "bad path".getBytes(StandardCharsets.UTF_8));
            return;
        }
        try (InputStream in = RelayHandler.class.getClassLoader().getResourceAsStream(ROOT + file)) {
            if (in == null) {
                respond(ctx, HttpResponseStatus.NOT_FOUND, "text/plain", ("no " + path).getBytes(StandardCharsets.UTF_8));
                return;
            }
            String ext = file.substring(file.lastIndexOf('.') + 1);
            respond(ctx, HttpResponseStatus.OK, TYPES.getOrDefault(ext, "application/octet-stream"), in.readAllBytes());
        }
    }

    private static void respond(ChannelHandlerContext ctx, HttpResponseStatus status, String type, byte[] body) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, type).setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
    }

    private void frame(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame close) {
            handshaker.close(ctx.channel(), close.retain());
        } else if (frame instanceof PingWebSocketFrame) {
            ctx.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
        } else if (frame instanceof TextWebSocketFrame text) {
            if (arbiter) relay.onArbiterFrame(ctx.channel(), text.text());
            else relay.onSpectatorFrame(ctx.channel(), text.text());
        } else {
            ScriptedRelay.closeWith(ctx.channel(), 4400, "text frames only");
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        relay.onClose(ctx.channel());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
