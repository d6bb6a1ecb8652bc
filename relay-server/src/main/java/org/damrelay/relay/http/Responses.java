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
        write(ctx, keepAlive, new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body)), contentType, cors,
                Caching.NONE);
    }

    private static void write(ChannelHandlerContext ctx, boolean keepAlive, FullHttpResponse r, String contentType, Cors cors,
                              Caching caching) {
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, caching.header);
        if (cors.allowOrigin() != null) r.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, cors.allowOrigin());
        // a stored answer differs by the encoding the compressor chose (and by Origin, when CORS names it)
        String vary = caching == Caching.NONE ? null : HttpHeaderNames.ACCEPT_ENCODING.toString();
        if (cors.varyByOrigin()) vary = vary == null ? HttpHeaderNames.ORIGIN.toString() : HttpHeaderNames.ORIGIN + ", " + vary;
        if (vary != null) r.headers().set(HttpHeaderNames.VARY, vary);
        HttpUtil.setContentLength(r, r.content().readableBytes());
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            // said, not only done: an HTTP/1.1 client (nginx's upstream pool, Java's HttpClient) otherwise
            // keeps the socket for its next request and reads nothing from it once it is closed here
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * A cacheable answer with its ETag (a digest of the body): a poller or a cache that sends it
     * back in If-None-Match gets 304 and no body while nothing changed.
     */
    static void tagged(ChannelHandlerContext ctx, boolean keepAlive, String ifNoneMatch, String contentType, String body, Cors cors,
                       Caching caching) {
        tagged(ctx, keepAlive, ifNoneMatch, contentType, body.getBytes(StandardCharsets.UTF_8), cors, caching);
    }

    static void tagged(ChannelHandlerContext ctx, boolean keepAlive, String ifNoneMatch, String contentType, byte[] bytes, Cors cors,
                       Caching caching) {
        String etag = etag(bytes);
        boolean unchanged = ifNoneMatch != null && matches(ifNoneMatch, etag);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, unchanged ? HttpResponseStatus.NOT_MODIFIED : HttpResponseStatus.OK,
                unchanged ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes));
        r.headers().set(HttpHeaderNames.ETAG, etag);
        write(ctx, keepAlive, r, contentType, cors, caching);
    }

    /**
     * Weak: the relay's compressor may send the same content gzip'd, and a strong tag would
     * claim the two bodies byte-equal (a shared cache could then answer one encoding's
     * revalidation with the other's body).
     */
    static String etag(byte[] body) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(body);
            return "W/\"" + HexFormat.of().formatHex(d, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** If-None-Match holds "*" or a list of tags, compared weakly (by their value, W/ or not), as RFC 9110 says for it. */
    static boolean matches(String ifNoneMatch, String etag) {
        String value = etag.startsWith("W/") ? etag.substring(2) : etag;
        for (String t : ifNoneMatch.split(",")) {
            String v = t.strip();
            if (v.startsWith("W/")) v = v.substring(2);
            if (v.equals("*") || v.equals(value)) return true;
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
