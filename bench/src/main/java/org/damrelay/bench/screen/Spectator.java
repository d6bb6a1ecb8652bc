package org.damrelay.bench.screen;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One spectator on the relay's /ws following a whole round: each complete text frame is stamped
 * with System.nanoTime() as it arrives (before it is parsed) and folded into a {@link ScreenRecord}.
 */
public final class Spectator implements AutoCloseable {

    private final AtomicReference<String> problem = new AtomicReference<>();
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private WebSocket socket;

    private Spectator() {}

    /** Connects and subscribes to {@code eventId}'s round; waits (at most 10 s) for the relay's "subscribed". */
    public static Spectator watch(URI ws, String eventId, int round, ScreenRecord record) throws IOException {
        Spectator s = new Spectator();
        try {
            s.socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(ws, s.listener(record)).get(10, TimeUnit.SECONDS);
            s.socket.sendText("{\"subscribe\":{\"eventId\":\"" + eventId + "\",\"round\":" + round + "}}", true)
                    .get(10, TimeUnit.SECONDS);
            if (!s.subscribed.await(10, TimeUnit.SECONDS)) throw new IOException("no answer in 10 s");
        } catch (Exception e) {
            s.close();
            throw new IOException("spectator could not subscribe to " + eventId + " round " + round + " at " + ws + ": "
                    + (s.problem.get() != null ? s.problem.get() : e.getMessage()), e);
        }
        return s;
    }

    private WebSocket.Listener listener(ScreenRecord record) {
        return new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                long now = System.nanoTime();
                partial.append(data);
                if (last) {
                    String text = partial.toString();
                    partial.setLength(0);
                    try {
                        record.accept(now, text);
                    } catch (IOException e) {
                        problem.compareAndSet(null, e.getMessage());
                    }
                    if (text.startsWith("{\"error\"")) problem.compareAndSet(null, text);
                    if (text.startsWith("{\"subscribed\"")) subscribed.countDown();
                }
                ws.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                problem.compareAndSet(null, "the relay closed the spectator's connection: " + status + " " + reason);
                return null;
            }

            @Override
            public void onError(WebSocket ws, Throwable error) {
                problem.compareAndSet(null, "spectator connection failed: " + error);
            }
        };
    }

    /** The first thing that went wrong (a frame not parsed, an error answer, the connection lost), or null. */
    public String problem() {
        return problem.get();
    }

    @Override
    public void close() {
        if (socket == null) return;
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bench over").get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the relay may be gone already
        }
        socket.abort();
    }
}
