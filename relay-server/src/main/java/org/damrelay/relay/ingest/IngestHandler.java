package org.damrelay.relay.ingest;

import com.google.protobuf.InvalidProtocolBufferException;
import java.net.InetAddress;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.Hello;
import org.damrelay.proto.RelayFrame;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.http.WebSocketEndpoint;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.http.ClientAddress;
import org.damrelay.relay.event.EventDirectory;

/**
 * One driver's WebSocket on /ingest: the first frame must be a Hello with a valid token for its
 * event; after that every binary frame is a board event handed to the core. Anything else closes
 * the connection with the documented close code, having accepted nothing from it.
 */
public final class IngestHandler extends WebSocketEndpoint implements DriverSession {

    public static final int MALFORMED = 4400, UNAUTHENTICATED = 4401, FORBIDDEN = 4403, BAD_VERSION = 4406, HELLO_TIMEOUT = 4408;
    /** A newer session of the same driver id took over: the driver must not reconnect in a fight with it. */
    public static final int REPLACED = 4409;

    private final IngestService service;
    private volatile String eventId;
    private volatile String driverId;
    private volatile TokenStore.Identity identity;

    public IngestHandler(RelayCore core, IngestService service) {
        super(core, "driver");
        this.service = service;
    }

    @Override
    public String eventId() { return eventId; }

    @Override
    public String driverId() { return driverId; }

    @Override
    public TokenStore.Identity identity() { return identity; }

    @Override
    public void close(int code, String reason) {
        super.close(code, reason);
    }

    @Override
    public void send(RelayFrame frame) {
        if (channel.isActive()) channel.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(frame.toByteArray())));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        super.handlerAdded(ctx);
        expectHello(ctx, HELLO_TIMEOUT);
    }

    @Override
    protected void disconnected() {
        if (eventId != null) core.execute(() -> service.disconnected(this));
    }

    @Override
    protected void frameRead(ChannelHandlerContext ctx, WebSocketFrame frame) {
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
            case EVIDENCE -> service.acceptEvidence(this, df.getEvidence());
            case HELLO -> close(MALFORMED, "malformed frame: hello sent twice");
            default -> close(MALFORMED, "malformed frame: empty DriverFrame");
        }
    }

    private void hello(Hello h) {
        helloArrived();
        if (h.getProtocolVersion() != IngestService.PROTOCOL_VERSION) {
            close(BAD_VERSION, "unsupported protocol version " + h.getProtocolVersion() + " (this relay speaks "
                    + IngestService.PROTOCOL_VERSION + ")");
            return;
        }
        InetAddress from = ClientAddress.of(channel);
        long now = System.currentTimeMillis();
        if (h.getDriverId().isEmpty() && !h.getToken().isEmpty()) {
            close(MALFORMED, "malformed frame: hello without driver_id");
            return;
        }
        if (h.getDriverId().startsWith(EventDirectory.NOTATION_DRIVER_PREFIX)) {
            // a notated game's entries come from its own device only (/notate), never from a driver
            close(FORBIDDEN, "driver ids starting with " + EventDirectory.NOTATION_DRIVER_PREFIX + " are reserved for notation devices");
            return;
        }
        TokenStore.Check check = core.tokens().check(TokenStore.Kind.DRIVER, h.getToken(), h.getEventId());
        if (check instanceof TokenStore.Refused r) {
            refuseAfter(core.authThrottle().failed(from, "/ingest", r.reason() + " (event " + h.getEventId() + ", driver "
                    + h.getDriverId() + ")", now), r.code(), r.reason());
            return;
        }
        TokenStore.Identity id = ((TokenStore.Granted) check).identity();
        if (!id.name().equals(h.getDriverId())) {
            // the token is the driver's identity: a hall's token cannot speak for another hall's boards
            String why = "this token speaks for driver " + id.name() + ", not " + h.getDriverId();
            refuseAfter(core.authThrottle().failed(from, "/ingest", why, now), FORBIDDEN, why);
            return;
        }
        authenticated();
        identity = id;
        eventId = id.eventId();
        driverId = id.name();
        core.execute(() -> {
            service.connected(this);
            send(RelayFrame.newBuilder().setWelcome(service.welcome(eventId, driverId)).build());
        });
    }
}
