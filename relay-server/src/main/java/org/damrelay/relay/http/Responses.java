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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

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
        write(ctx, keepAlive, new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body)), contentType, cors);
    }

    private static void write(ChannelHandlerContext ctx, boolean keepAlive, FullHttpResponse r, String contentType, Cors cors) {
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        if (cors.allowOrigin() != null) r.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, cors.allowOrigin());
        if (cors.varyByOrigin()) r.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN);
        HttpUtil.setContentLength(r, r.content().readableBytes());
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * A state view with its ETag (a digest of the body): a poller that sends it back in
     * If-None-Match gets 304 and no body while nothing changed.
     */
    static void tagged(ChannelHandlerContext ctx, boolean keepAlive, String ifNoneMatch, String contentType, String body, Cors cors) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String etag = etag(bytes);
        if (ifNoneMatch != null && matches(ifNoneMatch, etag)) {
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED, Unpooled.EMPTY_BUFFER);
            r.headers().set(HttpHeaderNames.ETAG, etag);
            write(ctx, keepAlive, r, contentType, cors);
            return;
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(bytes));
        r.headers().set(HttpHeaderNames.ETAG, etag);
        write(ctx, keepAlive, r, contentType, cors);
    }

    static String etag(byte[] body) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(body);
            return "\"" + HexFormat.of().formatHex(d, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** If-None-Match holds "*" or a list of tags, weak ones (W/"…") compared by their value. */
    static boolean matches(String ifNoneMatch, String etag) {
        for (String t : ifNoneMatch.split(",")) {
            String v = t.strip();
            if (v.startsWith("W/")) v = v.substring(2);
            if (v.equals("*") || v.equals(etag)) return true;
        }
        return false;
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
