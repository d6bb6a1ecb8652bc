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

    /** The CORS headers one request's answer carries. */
    record Cors(String allowOrigin, boolean varyByOrigin) {
        static final Cors NONE = new Cors(null, false);

        static Cors of(CorsPolicy policy, String origin) {
            return new Cors(policy.allowOrigin(origin), policy.variesByOrigin());
        }
    }

    static void send(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, byte[] body) {
        send(ctx, keepAlive, status, contentType, body, Cors.NONE);
    }

    static void send(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, byte[] body, Cors cors) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        if (cors.allowOrigin() != null) r.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, cors.allowOrigin());
        if (cors.varyByOrigin()) r.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN);
        HttpUtil.setContentLength(r, body.length);
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    static void text(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, String body, Cors cors) {
        send(ctx, keepAlive, status, contentType, body.getBytes(StandardCharsets.UTF_8), cors);
    }

    static void text(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, String body) {
        text(ctx, keepAlive, status, contentType, body, Cors.NONE);
    }

    static void error(ChannelHandlerContext ctx, HttpResponseStatus status, String message) {
        error(ctx, status, message, Cors.NONE);
    }

    /** A CORS reader gets the error's text too, not an opaque network failure. */
    static void error(ChannelHandlerContext ctx, HttpResponseStatus status, String message, Cors cors) {
        text(ctx, false, status, "text/plain; charset=utf-8", message + "\n", cors);
    }
}
