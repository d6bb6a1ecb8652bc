package org.damrelay.relay.ingest;

import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.Hello;
import org.damrelay.proto.RelayFrame;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.Tokens;

/**
 * One driver's WebSocket on /ingest: the first frame must be a Hello with a valid token for its
 * event; after that every binary frame is a board event handed to the core. Anything else closes
 * the connection with the documented close code, having accepted nothing from it.
 */
public final class IngestHandler extends SimpleChannelInboundHandler<WebSocketFrame> implements DriverSession {

    public static final int MALFORMED = 4400, UNAUTHENTICATED = 4401, FORBIDDEN = 4403, BAD_VERSION = 4406, HELLO_TIMEOUT = 4408;

    private final RelayCore core;
    private final IngestService service;
    private Channel channel;
    private volatile String eventId;
    private volatile String driverId;
    private ScheduledFuture<?> helloTimeout;

    public IngestHandler(RelayCore core, IngestService service) {
        this.core = core;
        this.service = service;
    }

    @Override
    public String eventId() { return eventId; }

    @Override
    public String driverId() { return driverId; }

    @Override
    public void send(RelayFrame frame) {
        if (channel.isActive()) channel.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(frame.toByteArray())));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        core.metrics().connectionOpened("driver");
        long ms = core.config().limits().helloTimeoutMillis();
        helloTimeout = ctx.executor().schedule(() -> close(HELLO_TIMEOUT, "no hello within " + ms + " ms"), ms, TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        helloTimeout.cancel(false);
        core.metrics().connectionClosed("driver");
        if (eventId != null) core.execute(() -> service.disconnected(this));
        ctx.fireChannelInactive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame) {
            ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye")).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (!(frame instanceof BinaryWebSocketFrame)) {
            close(MALFORMED, "malformed frame: /ingest takes binary protobuf DriverFrame messages only");
            return;
        }
        long received = System.nanoTime();
        DriverFrame df;
        try {
            df = DriverFrame.parseFrom(ByteBufUtil.getBytes(frame.content()));
        } catch (InvalidProtocolBufferException e) {
            close(MALFORMED, "malformed frame: not a DriverFrame (" + e.getMessage() + ")");
            return;
        }
        if (eventId == null) {
            if (!df.hasHello()) {
                close(MALFORMED, "malformed frame: the first frame must be a hello");
                return;
            }
            hello(df.getHello());
            return;
        }
        switch (df.getBodyCase()) {
            case EVENT -> core.execute(() -> service.accept(this, df.getEvent(), received));
            case HELLO -> close(MALFORMED, "malformed frame: hello sent twice");
            default -> close(MALFORMED, "malformed frame: empty DriverFrame");
        }
    }

    private void hello(Hello h) {
        helloTimeout.cancel(false);
        if (h.getProtocolVersion() != IngestService.PROTOCOL_VERSION) {
            close(BAD_VERSION, "unsupported protocol version " + h.getProtocolVersion() + " (this relay speaks "
                    + IngestService.PROTOCOL_VERSION + ")");
            return;
        }
        if (h.getToken().isEmpty()) {
            close(UNAUTHENTICATED, "missing token");
            return;
        }
        if (h.getDriverId().isEmpty()) {
            close(MALFORMED, "malformed frame: hello without driver_id");
            return;
        }
        EventConfig event = core.config().event(h.getEventId());
        if (event != null && Tokens.match(h.getToken(), event.driverTokens()).isPresent()) {
            eventId = event.id();
            driverId = h.getDriverId();
            core.execute(() -> {
                service.connected(this);
                send(RelayFrame.newBuilder().setWelcome(service.welcome(eventId, driverId)).build());
            });
            return;
        }
        for (EventConfig other : core.config().events()) {
            if (Tokens.match(h.getToken(), other.driverTokens()).isPresent()) {
                close(FORBIDDEN, "token is not valid for event " + h.getEventId());
                return;
            }
        }
        close(UNAUTHENTICATED, "unknown or revoked token");
    }

    private void close(int code, String reason) {
        if (channel.isActive()) {
            String r = reason.length() > 120 ? reason.substring(0, 120) : reason;
            channel.writeAndFlush(new CloseWebSocketFrame(code, r)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a peer that resets or breaks the protocol: nothing to answer, just drop it
        org.slf4j.LoggerFactory.getLogger(getClass()).debug("closing {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
