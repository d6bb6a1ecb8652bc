package org.damrelay.relay.fanout;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.http.WebSocketEndpoint;

/**
 * One spectator's WebSocket on /ws. Spectators only subscribe: anything but a JSON
 * SpectatorRequest, or too many of them, closes the connection. When its write buffer passes the
 * high water mark it stops getting updates; once drained it gets fresh snapshots instead of the
 * backlog, and if it stays stuck it is cut.
 */
public final class SpectatorHandler extends WebSocketEndpoint implements SpectatorConnection {

    public static final int SLOW_CONSUMER = 4000, BAD_REQUEST = 4400, TOO_MANY = 4429;
    private static final JsonFormat.Parser PARSER = JsonFormat.parser();

    private final SpectatorFanout fanout;
    private volatile boolean lagging;
    private boolean cutScheduled;
    private ChannelHandlerContext framedOut;
    private long windowStart;
    private int inWindow;

    public SpectatorHandler(RelayCore core, SpectatorFanout fanout) {
        super(core, "spectator");
        this.fanout = fanout;
    }

    @Override
    protected void disconnected() {
        core.execute(() -> fanout.remove(this));
    }

    @Override
    protected void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (!rateOk()) {
            close(TOO_MANY, "more than " + core.config().limits().spectatorMessagesPerSecond() + " messages per second");
            return;
        }
        if (!(frame instanceof TextWebSocketFrame text)) {
            close(BAD_REQUEST, "spectators send JSON text frames (subscribe/unsubscribe) only");
            return;
        }
        SpectatorRequest.Builder req = SpectatorRequest.newBuilder();
        try {
            PARSER.merge(text.text(), req);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            close(BAD_REQUEST, "not a SpectatorRequest: " + e.getMessage());
            return;
        }
        SpectatorRequest r = req.build();
        switch (r.getBodyCase()) {
            case SUBSCRIBE -> core.execute(() -> fanout.subscribe(this, r.getSubscribe()));
            case UNSUBSCRIBE -> core.execute(() -> fanout.unsubscribe(this, r.getUnsubscribe()));
            default -> close(BAD_REQUEST, "empty request: send subscribe or unsubscribe");
        }
    }

    private boolean rateOk() {
        long now = System.nanoTime();
        if (now - windowStart > TimeUnit.SECONDS.toNanos(1)) {
            windowStart = now;
            inWindow = 0;
        }
        return ++inWindow <= core.config().limits().spectatorMessagesPerSecond();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            if (lagging) core.execute(() -> fanout.resync(this));
        } else {
            // not lagging yet: only a dropped live update makes it so (snapshots may fill the buffer too)
            scheduleCut();
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void scheduleCut() {
        if (cutScheduled) return;
        cutScheduled = true;
        long ms = core.config().limits().slowConsumerCutMillis();
        channel.eventLoop().schedule(() -> {
            cutScheduled = false;
            if (channel.isActive() && !channel.isWritable()) {
                // a close frame would queue behind the backlog: drop the connection itself
                channel.close();
            }
        }, ms, TimeUnit.MILLISECONDS);
    }

    @Override
    public EventLoop eventLoop() { return channel.eventLoop(); }

    @Override
    public boolean deliver(ByteBuf frameBytes) {
        ChannelHandlerContext out = framedOut();
        if (lagging || !channel.isWritable() || out == null) {
            if (!lagging && out != null) {
                lagging = true;
                scheduleCut();
            }
            frameBytes.release();
            return false;
        }
        out.write(frameBytes, channel.voidPromise());
        return true;
    }

    /**
     * Where framed bytes enter the pipeline: at the frame encoder, so they skip it and the handlers
     * after it but still pass TLS; null once the WebSocket is gone.
     */
    private ChannelHandlerContext framedOut() {
        ChannelHandlerContext c = framedOut;
        if (c == null || c.isRemoved()) framedOut = c = channel.pipeline().context(WebSocketFrameEncoder.class);
        return c;
    }

    @Override
    public void flush() {
        ChannelHandlerContext out = framedOut();
        if (out != null) out.flush();
    }

    @Override
    public void send(SpectatorMessage message) {
        if (channel.isActive()) channel.writeAndFlush(new TextWebSocketFrame(SpectatorFanout.encode(message)));
    }

    @Override
    public void sendShared(TextWebSocketFrame frame) {
        if (channel.isActive()) channel.writeAndFlush(frame);
        else frame.release();
    }

    @Override
    public void caughtUp() { lagging = false; }

    @Override
    public void closeTooMany(String reason) { close(TOO_MANY, reason); }
}
