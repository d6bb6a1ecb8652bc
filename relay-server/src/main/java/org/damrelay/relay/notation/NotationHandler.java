package org.damrelay.relay.notation;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.http.WebSocketEndpoint;
import org.damrelay.relay.ingest.IngestHandler;

/** A notation device's WebSocket on /notate: JSON DeviceRequests after a hello with the game's credential. */
public final class NotationHandler extends WebSocketEndpoint implements DeviceSession {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final NotationService service;
    private volatile boolean helloSeen;
    private volatile String eventId;
    private volatile String gameId;

    public NotationHandler(RelayCore core, NotationService service) {
        super(core, "notation");
        this.service = service;
    }

    @Override public String gameId() { return gameId; }
    @Override public String eventId() { return eventId; }

    @Override
    public void admit(String eventId, String gameId) {
        this.eventId = eventId;
        this.gameId = gameId;
    }

    @Override
    public void send(DeviceMessage message) {
        if (!channel.isActive()) return;
        try {
            channel.writeAndFlush(new TextWebSocketFrame(PRINTER.print(message)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close(int code, String reason) {
        super.close(code, reason);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        super.handlerAdded(ctx);
        expectHello(ctx, IngestHandler.HELLO_TIMEOUT);
    }

    @Override
    protected void disconnected() {
        if (gameId != null) core.execute(() -> service.disconnected(this));
    }

    @Override
    protected void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (!(frame instanceof TextWebSocketFrame text)) {
            close(IngestHandler.MALFORMED, "malformed frame: /notate takes JSON text frames");
            return;
        }
        DeviceRequest.Builder b = DeviceRequest.newBuilder();
        try {
            PARSER.merge(text.text(), b);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            close(IngestHandler.MALFORMED, "malformed frame: not a DeviceRequest: " + e.getMessage());
            return;
        }
        DeviceRequest r = b.build();
        if (!helloSeen) {
            if (!r.hasHello()) {
                close(IngestHandler.MALFORMED, "malformed frame: the first frame must be a hello");
                return;
            }
            helloSeen = true;
            helloArrived();
            core.execute(() -> service.hello(this, r.getHello().getGameId(), r.getHello().getToken()));
            return;
        }
        String id = r.getRequestId();
        switch (r.getBodyCase()) {
            case ENTRY -> core.execute(() -> service.entry(this, r.getEntry()));
            case NOTATOR -> core.execute(() -> service.notator(this, id, r.getNotator().getName()));
            case RESULT -> core.execute(() -> service.result(this, id, r.getResult()));
            case STOP -> core.execute(() -> service.stop(this, id, r.getStop()));
            case HELLO -> close(IngestHandler.MALFORMED, "malformed frame: hello sent twice");
            default -> close(IngestHandler.MALFORMED, "malformed frame: empty DeviceRequest");
        }
    }
}
