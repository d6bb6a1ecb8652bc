package org.damrelay.relay.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/** Writing plain HTTP answers. */
final class Responses {

    private Responses() {}

    static void send(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, byte[] body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        r.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
        HttpUtil.setContentLength(r, body.length);
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    static void text(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, String body) {
        send(ctx, keepAlive, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    static void error(ChannelHandlerContext ctx, HttpResponseStatus status, String message) {
        text(ctx, false, status, "text/plain; charset=utf-8", message + "\n");
    }
}
