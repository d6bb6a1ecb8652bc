package org.damrelay.relay.arbiter;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.ingest.IngestHandler;

/** The arbiter's WebSocket on /arbiter: JSON ArbiterRequests after an authenticated hello. */
public final class ArbiterHandler extends SimpleChannelInboundHandler<WebSocketFrame> implements ArbiterSession {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final RelayCore core;
    private final ArbiterService service;
    private Channel channel;
    private volatile String eventId;
    private volatile String arbiter;
    private ScheduledFuture<?> helloTimeout;

    public ArbiterHandler(RelayCore core, ArbiterService service) {
        this.core = core;
        this.service = service;
    }

    @Override public String eventId() { return eventId; }
    @Override public String arbiter() { return arbiter; }

    @Override
    public void send(ArbiterMessage message) {
        if (!channel.isActive()) return;
        try {
            channel.writeAndFlush(new TextWebSocketFrame(PRINTER.print(message)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        core.metrics().connectionOpened("arbiter");
        long ms = core.config().limits().helloTimeoutMillis();
        helloTimeout = ctx.executor().schedule(() -> close(IngestHandler.HELLO_TIMEOUT, "no hello within " + ms + " ms"),
                ms, TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        helloTimeout.cancel(false);
        core.metrics().connectionClosed("arbiter");
        if (eventId != null) core.execute(() -> service.disconnected(this));
        ctx.fireChannelInactive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame) {
            ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye")).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (!(frame instanceof TextWebSocketFrame text)) {
            close(IngestHandler.MALFORMED, "malformed frame: /arbiter takes JSON text frames");
            return;
        }
        ArbiterRequest.Builder b = ArbiterRequest.newBuilder();
        try {
            PARSER.merge(text.text(), b);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            close(IngestHandler.MALFORMED, "malformed frame: not an ArbiterRequest: " + e.getMessage());
            return;
        }
        ArbiterRequest r = b.build();
        if (eventId == null) {
            if (!r.hasHello()) {
                close(IngestHandler.MALFORMED, "malformed frame: the first frame must be a hello");
                return;
            }
            hello(r.getHello());
            return;
        }
        core.execute(() -> service.handle(this, r));
    }

    private void hello(ArbiterHello h) {
        helloTimeout.cancel(false);
        if (h.getToken().isEmpty()) {
            close(IngestHandler.UNAUTHENTICATED, "missing token");
            return;
        }
        EventConfig event = core.config().event(h.getEventId());
        if (event != null && Tokens.match(h.getToken(), event.arbiterTokens()).isPresent()) {
            arbiter = h.getArbiter().isEmpty() ? "arbiter" : h.getArbiter();
            eventId = event.id();
            core.execute(() -> service.connected(this));
            return;
        }
        for (EventConfig other : core.config().events()) {
            if (Tokens.match(h.getToken(), other.arbiterTokens()).isPresent()) {
                close(IngestHandler.FORBIDDEN, "token is not valid for event " + h.getEventId());
                return;
            }
        }
        close(IngestHandler.UNAUTHENTICATED, "unknown or revoked token");
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
