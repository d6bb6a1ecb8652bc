package org.damrelay.relay.fanout;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import org.damrelay.proto.SpectatorMessage;

/** A spectator as the fan-out sees it. */
public interface SpectatorConnection {
    EventLoop eventLoop();

    /**
     * Event loop: writes a shared, already framed WebSocket message (its wire bytes) unless the
     * connection is lagging; false = dropped (and released).
     */
    boolean deliver(ByteBuf frameBytes);

    void flush();

    /** Any thread: encodes and writes one message (snapshots, errors). */
    void send(SpectatorMessage message);

    /** Any thread: writes a frame whose bytes are shared with other recipients (it takes the reference). */
    void sendShared(TextWebSocketFrame frame);

    /** The connection may take live updates again. */
    void caughtUp();

    void closeTooMany(String reason);
}
