package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.damrelay.proto.ArbiterHello;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;

/** An arbiter screen on /arbiter for tests: signs in, then sends requests and waits for their replies. */
public final class TestArbiter implements AutoCloseable {

    private static final AtomicLong REQUESTS = new AtomicLong();

    private final WsClient ws;

    private TestArbiter(WsClient ws) {
        this.ws = ws;
    }

    public static TestArbiter connect(int port, String token, String eventId, String arbiter) throws Exception {
        return connect(port, token, eventId, arbiter, null);
    }

    /** As {@link #connect(int, String, String, String)}, from a local address of its own, null = any. */
    public static TestArbiter connect(int port, String token, String eventId, String arbiter, String fromAddress) throws Exception {
        WsClient ws = WsClient.connect(port, "/arbiter", fromAddress);
        ws.sendJson(ArbiterRequest.newBuilder().setHello(ArbiterHello.newBuilder().setToken(token).setEventId(eventId).setArbiter(arbiter)).build());
        return new TestArbiter(ws);
    }

    /** Sends one request under a fresh id and returns the relay's reply to it (ok or error). */
    public ArbiterMessage.Builder request(ArbiterRequest.Builder r) {
        String id = "q" + REQUESTS.incrementAndGet();
        ws.sendJson(r.setRequestId(id).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> reply(id) != null);
        return reply(id);
    }

    /** As {@link #request}, failing with the relay's error when it refuses. */
    public ArbiterMessage.Builder requestOk(ArbiterRequest.Builder r) {
        ArbiterMessage.Builder reply = request(r);
        if (reply.hasError()) throw new AssertionError("arbiter request refused: " + reply.getError());
        return reply;
    }

    private ArbiterMessage.Builder reply(String id) {
        return messages().stream().filter(m -> m.getRequestId().equals(id)).findFirst().orElse(null);
    }

    /** Everything the relay sent this screen so far, in order. */
    public List<ArbiterMessage.Builder> messages() {
        return ws.json(ArbiterMessage::newBuilder);
    }

    /** The raw connection, for what a test checks beyond replies (close codes, slow reading). */
    public WsClient ws() {
        return ws;
    }

    @Override
    public void close() {
        ws.close();
    }
}
