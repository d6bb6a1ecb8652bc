package org.damrelay.viewer.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.Hello;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.RelayFrame;

/**
 * A board driver as the relay sees it on /ingest (docs/protocol.md): hello, then numbered board
 * events, each waited for until the relay acks it as durable. Keeps no outbox: tests send while
 * the relay is up.
 */
public final class IngestClient implements AutoCloseable {

    private final int port;
    private WebSocket ws;
    private final Map<String, Long> seq = new ConcurrentHashMap<>();
    private final Map<String, Long> acked = new ConcurrentHashMap<>();
    private final List<IngestError> errors = new CopyOnWriteArrayList<>();

    private IngestClient(int port) {
        this.port = port;
    }

    public static IngestClient connect(int port) {
        IngestClient c = new IngestClient(port);
        c.reconnect();
        return c;
    }

    /** Opens a new connection (after a relay restart); board sequence numbers go on where they were. */
    public void reconnect() {
        if (ws != null) ws.abort();
        ws = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5))
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/ingest"), new Listener()).join();
        sendFrame(DriverFrame.newBuilder().setHello(Hello.newBuilder().setProtocolVersion(1)
                .setToken(LiveRelay.DRIVER_TOKEN).setEventId(LiveRelay.EVENT).setDriverId(LiveRelay.DRIVER)
                .setSoftware("web-viewer browser test")).build());
    }

    /** Sends one event of a board and waits until the relay has it durable; fails on a refusal. */
    public void send(String board, GameEvent event) {
        long n = seq.merge(board, 1L, Long::sum);
        sendFrame(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard(board).setSeq(n).setEvent(event)).build());
        Awaitility.await().atMost(10, TimeUnit.SECONDS).until(() -> {
            if (!errors.isEmpty()) throw new AssertionError("relay refused an event: " + errors);
            return acked.getOrDefault(board, 0L) >= n;
        });
    }

    private void sendFrame(DriverFrame frame) {
        ws.sendBinary(ByteBuffer.wrap(frame.toByteArray()), true).join();
    }

    @Override
    public void close() {
        if (ws != null) ws.abort();
    }

    private final class Listener implements WebSocket.Listener {
        private ByteBuffer partial = ByteBuffer.allocate(0);

        @Override
        public CompletionStage<?> onBinary(WebSocket socket, ByteBuffer data, boolean last) {
            ByteBuffer joined = ByteBuffer.allocate(partial.remaining() + data.remaining()).put(partial).put(data);
            joined.flip();
            partial = joined;
            if (last) {
                try {
                    RelayFrame f = RelayFrame.parseFrom(partial);
                    if (f.hasAck()) acked.merge(f.getAck().getBoard(), f.getAck().getSeq(), Math::max);
                    if (f.hasWelcome()) f.getWelcome().getBoardsList().forEach(a -> acked.merge(a.getBoard(), a.getSeq(), Math::max));
                    if (f.hasError()) errors.add(f.getError());
                } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                    errors.add(IngestError.newBuilder().setMessage("unreadable relay frame: " + e.getMessage()).build());
                }
                partial = ByteBuffer.allocate(0);
            }
            socket.request(1);
            return null;
        }
    }
}
