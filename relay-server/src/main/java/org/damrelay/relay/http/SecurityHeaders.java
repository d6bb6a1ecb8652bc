package org.damrelay.relay.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The browser security headers every HTTP answer of the relay carries: the viewer's pages load
 * scripts, styles and connections only from this relay (and the relays the config names as
 * trusted), may not be framed unless embedding is configured, leak no referrer and are never
 * sniffed as another type. One handler after the HTTP codec, so no answer path can forget them;
 * it leaves the pipeline with the WebSocket handshake, so the frames after it pass untouched.
 */
@ChannelHandler.Sharable
public final class SecurityHeaders extends ChannelOutboundHandlerAdapter {

    public static final String NAME = "security-headers";

    private final String csp;
    private final boolean framingAllowed;
    private final List<String> trustedOrigins;

    /**
     * @param trustedRelays  other relays the pages may connect to and send credentials to (any of the four schemes)
     * @param frameAncestors sites that may frame the pages; empty = none
     */
    public SecurityHeaders(List<String> trustedRelays, List<String> frameAncestors) {
        Set<String> connect = new LinkedHashSet<>();
        List<String> origins = new ArrayList<>();
        for (String r : trustedRelays) {
            String[] pair = bothForms("edge.trustedRelays", r);
            connect.add(pair[0]);
            connect.add(pair[1]);
            origins.add(pair[1]);
        }
        for (String a : frameAncestors) bothForms("edge.frameAncestors", a);
        this.trustedOrigins = List.copyOf(origins);
        this.framingAllowed = !frameAncestors.isEmpty();
        this.csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self';"
                + " form-action 'self'; connect-src 'self'" + (connect.isEmpty() ? "" : " " + String.join(" ", connect))
                + "; frame-ancestors " + (framingAllowed ? String.join(" ", frameAncestors) : "'none'");
    }

    /** The Content-Security-Policy every answer carries. */
    public String csp() {
        return csp;
    }

    /** The trusted relays as http(s) origins, for the viewer's {@code /api/viewer}. */
    public List<String> trustedOrigins() {
        return trustedOrigins;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof HttpResponse r) {
            HttpHeaders h = r.headers();
            h.set("Content-Security-Policy", csp);
            if (!framingAllowed) h.set("X-Frame-Options", "DENY");
            h.set("Referrer-Policy", "no-referrer");
            h.set("X-Content-Type-Options", "nosniff");
            if (r.status().equals(HttpResponseStatus.SWITCHING_PROTOCOLS)) {
                ctx.write(msg, promise);
                ctx.pipeline().remove(this);
                return;
            }
        }
        ctx.write(msg, promise);
    }

    /** {ws(s)://host[:port], http(s)://host[:port]} of one configured address, or one clear line why not. */
    static String[] bothForms(String key, String address) {
        URI u;
        try {
            u = URI.create(address.strip());
        } catch (IllegalArgumentException e) {
            u = null;
        }
        String scheme = u == null || u.getScheme() == null ? "" : u.getScheme().toLowerCase();
        if (u == null || u.getHost() == null || !List.of("ws", "wss", "http", "https").contains(scheme)) {
            throw new IllegalArgumentException(key + ": \"" + address + "\" is not an address like https://relay.example.org or wss://relay.example.org:8443");
        }
        boolean secure = scheme.equals("wss") || scheme.equals("https");
        String hostPort = u.getHost().toLowerCase() + (u.getPort() >= 0 ? ":" + u.getPort() : "");
        return new String[] {(secure ? "wss://" : "ws://") + hostPort, (secure ? "https://" : "http://") + hostPort};
    }
}
