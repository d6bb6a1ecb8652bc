package org.damrelay.relay.arbiter;

import java.net.InetAddress;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.http.ClientAddress;
import org.damrelay.relay.http.JsonEndpoint;

/** The arbiter's WebSocket on /arbiter: JSON ArbiterRequests after an authenticated hello. */
public final class ArbiterHandler extends JsonEndpoint<ArbiterRequest> implements ArbiterSession {

    private final ArbiterScreens screens;
    private final ArbiterService service;
    private volatile String eventId;
    private volatile String arbiter;
    private volatile TokenStore.Identity identity;

    public ArbiterHandler(RelayCore core, ArbiterScreens screens, ArbiterService service) {
        super(core, "arbiter", "/arbiter", ArbiterRequest::newBuilder);
        this.screens = screens;
        this.service = service;
    }

    @Override public String eventId() { return eventId; }
    @Override public String arbiter() { return arbiter; }
    @Override public TokenStore.Identity identity() { return identity; }

    @Override
    public void close(int code, String reason) {
        super.close(code, reason);
    }

    @Override
    public void send(ArbiterMessage message) {
        sendJson(message);
    }

    @Override
    protected void disconnected() {
        if (eventId != null) core.execute(() -> screens.disconnected(this));
    }

    @Override
    protected void requestRead(ArbiterRequest r) {
        if (eventId == null) {
            if (!r.hasHello()) {
                close(MALFORMED, "malformed frame: the first frame must be a hello");
                return;
            }
            hello(r.getHello());
            return;
        }
        core.execute(() -> service.handle(this, r));
    }

    private void hello(ArbiterHello h) {
        helloArrived();
        InetAddress from = ClientAddress.of(channel);
        long now = System.currentTimeMillis();
        TokenStore.Check check = core.tokens().check(TokenStore.Kind.ARBITER, h.getToken(), h.getEventId());
        if (check instanceof TokenStore.Refused r) {
            refuseAfter(core.authThrottle().failed(from, "/arbiter", r.reason() + " (event " + h.getEventId() + ")", now),
                    r.code(), r.reason());
            return;
        }
        authenticated();
        identity = ((TokenStore.Granted) check).identity();
        arbiter = identity.name(); // the token says who acts: the audit log does not take the client's word
        eventId = identity.eventId();
        core.execute(() -> screens.connected(this));
    }
}
