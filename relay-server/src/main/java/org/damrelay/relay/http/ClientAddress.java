package org.damrelay.relay.http;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The address a connection speaks for: its peer's, or, when the peer is a trusted reverse proxy,
 * the client its X-Forwarded-For names (set by the router once the request is read).
 */
public final class ClientAddress {

    static final AttributeKey<InetAddress> FORWARDED = AttributeKey.valueOf("damrelay.forwardedFor");

    private ClientAddress() {}

    public static InetAddress of(Channel ch) {
        InetAddress forwarded = ch.attr(FORWARDED).get();
        if (forwarded != null) return forwarded;
        return peer(ch);
    }

    static InetAddress peer(Channel ch) {
        return ch.remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }
}
