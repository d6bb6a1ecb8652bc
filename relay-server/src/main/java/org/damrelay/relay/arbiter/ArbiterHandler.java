package org.damrelay.relay.arbiter;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.http.WebSocketEndpoint;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.ingest.IngestHandler;

/** The arbiter's WebSocket on /arbiter: JSON ArbiterRequests after an authenticated hello. */
public final class ArbiterHandler extends WebSocketEndpoint implements ArbiterSession {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final ArbiterService service;
    private volatile String eventId;
    private volatile String arbiter;

    public ArbiterHandler(RelayCore core, ArbiterService service) {
        super(core, "arbiter");
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
        super.handlerAdded(ctx);
        expectHello(ctx, IngestHandler.HELLO_TIMEOUT);
    }

    @Override
    protected void disconnected() {
        if (eventId != null) core.execute(() -> service.disconnected(this));
    }

    @Override
    protected void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
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
        helloArrived();
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
}
