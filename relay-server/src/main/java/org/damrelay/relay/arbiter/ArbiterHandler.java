package org.damrelay.relay.arbiter;

import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.relay.RelayCore;
import org.damrelay.relay.http.JsonEndpoint;
import org.damrelay.relay.config.EventConfig;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.ingest.IngestHandler;

/** The arbiter's WebSocket on /arbiter: JSON ArbiterRequests after an authenticated hello. */
public final class ArbiterHandler extends JsonEndpoint<ArbiterRequest> implements ArbiterSession {

    private final ArbiterService service;
    private volatile String eventId;
    private volatile String arbiter;

    public ArbiterHandler(RelayCore core, ArbiterService service) {
        super(core, "arbiter", "/arbiter", ArbiterRequest::newBuilder);
        this.service = service;
    }

    @Override public String eventId() { return eventId; }
    @Override public String arbiter() { return arbiter; }

    @Override
    public void send(ArbiterMessage message) {
        sendJson(message);
    }

    @Override
    protected void disconnected() {
        if (eventId != null) core.execute(() -> service.disconnected(this));
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
