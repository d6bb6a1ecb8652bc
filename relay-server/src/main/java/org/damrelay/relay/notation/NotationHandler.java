package org.damrelay.relay.notation;

import java.net.InetAddress;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.http.ClientAddress;
import org.damrelay.relay.http.JsonEndpoint;

/** A notation device's WebSocket on /notate: JSON DeviceRequests after a hello with the game's credential. */
public final class NotationHandler extends JsonEndpoint<DeviceRequest> implements DeviceSession {

    private final NotationService service;
    private volatile boolean helloSeen;
    private volatile String eventId;
    private volatile String gameId;

    public NotationHandler(RelayCore core, NotationService service) {
        super(core, "notation", "/notate", DeviceRequest::newBuilder);
        this.service = service;
    }

    @Override public String gameId() { return gameId; }
    @Override public String eventId() { return eventId; }

    @Override
    public void admit(String eventId, String gameId) {
        authenticated();
        this.eventId = eventId;
        this.gameId = gameId;
    }

    @Override
    public void send(DeviceMessage message) {
        sendJson(message);
    }

    @Override
    public void close(int code, String reason) {
        super.close(code, reason);
    }

    @Override
    public InetAddress address() {
        return ClientAddress.of(channel);
    }

    @Override
    public void refuseAfter(long delayMillis, int code, String reason) {
        super.refuseAfter(delayMillis, code, reason);
    }

    @Override
    protected void disconnected() {
        if (gameId != null) core.execute(() -> service.session().disconnected(this));
    }

    @Override
    protected void requestRead(DeviceRequest r) {
        if (!helloSeen) {
            if (!r.hasHello()) {
                close(MALFORMED, "malformed frame: the first frame must be a hello");
                return;
            }
            helloSeen = true;
            helloArrived();
            core.execute(() -> service.session().hello(this, r.getHello().getGameId(), r.getHello().getToken()));
            return;
        }
        String id = r.getRequestId();
        switch (r.getBodyCase()) {
            case ENTRY -> core.execute(() -> service.entries().entry(this, r.getEntry()));
            case NOTATOR -> core.execute(() -> service.session().notator(this, id, r.getNotator().getName()));
            case RESULT -> core.execute(() -> service.session().result(this, id, r.getResult()));
            case STOP -> core.execute(() -> service.session().stop(this, id, r.getStop()));
            case HELLO -> close(MALFORMED, "malformed frame: hello sent twice");
            default -> close(MALFORMED, "malformed frame: empty DeviceRequest");
        }
    }
}
