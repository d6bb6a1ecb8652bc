package org.damrelay.viewer.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/** A second arbiter on /arbiter, for tests that need the relay's side of what the console did. */
public final class ArbiterClient implements AutoCloseable {

    private final WebSocket ws;
    private final List<String> received = new CopyOnWriteArrayList<>();
    private int nextId = 1;

    private ArbiterClient(int port) {
        ws = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5))
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/arbiter"), new WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            received.add(text.toString());
                            text.setLength(0);
                        }
                        socket.request(1);
                        return null;
                    }
                }).join();
    }

    public static ArbiterClient connect(int port) {
        ArbiterClient c = new ArbiterClient(port);
        c.ws.sendText("{\"hello\":{\"token\":\"" + LiveRelay.ARBITER_TOKEN + "\",\"eventId\":\"" + LiveRelay.EVENT
                + "\",\"arbiter\":\"test arbiter\"}}", true).join();
        return c;
    }

    /** Sends one request body (JSON without requestId) and waits for the relay's ok. */
    public void request(String bodyJson) {
        String id = "t" + nextId++;
        ws.sendText("{\"requestId\":\"" + id + "\"," + bodyJson.substring(1), true).join();
        Awaitility.await().atMost(10, TimeUnit.SECONDS).until(() -> received.stream().anyMatch(m -> {
            if (!m.contains("\"requestId\":\"" + id + "\"")) return false;
            if (m.contains("\"error\"")) throw new AssertionError("arbiter request refused: " + m);
            return true;
        }));
    }

    public List<String> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        ws.abort();
    }
}
