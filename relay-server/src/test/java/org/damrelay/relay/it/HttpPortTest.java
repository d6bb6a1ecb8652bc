package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The relay's HTTP port as a hall laptop exposes it without nginx: malformed requests are 400s
 * and a rate-limited line without a trace; pipelined answers come back in request order; a
 * WebSocket message split over frames is taken as one.
 */
class HttpPortTest {

    @TempDir Path dir;

    @Test
    void malformedRequestsGet400AndFewLinesWithoutATrace() throws Exception {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(logged);
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir.resolve("data"), 0))) {
            int n = 300;
            for (int i = 0; i < n; i++) {
                String request = i % 2 == 0 ? "GET /%zz HTTP/1.1\r\nHost: relay\r\n\r\n"
                        : "GET /ws HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n";
                List<Answer> answers = exchange(relay.port(), "127.0.0.2", request, 1);
                assertEquals(400, answers.get(0).status(), "request " + i + ": " + request);
            }
            assertEquals(200, exchange(relay.port(), "127.0.0.2", "GET /health HTTP/1.1\r\nHost: relay\r\n\r\n", 1).get(0).status());
            List<ILoggingEvent> events = List.copyOf(logged.list);
            assertTrue(events.stream().allMatch(e -> e.getThrowableProxy() == null), "no trace");
            long lines = events.stream().filter(e -> e.getFormattedMessage().contains("bad HTTP request")).count();
            assertTrue(lines >= 1 && lines <= 3, n + " bad requests in seconds: " + lines + " lines");
        } finally {
            root.detachAppender(logged);
        }
    }

    @Test
    void anAnswerAfterWhichTheRelayClosesSaysSo() throws Exception {
        // an HTTP/1.1 client that is not told keeps the socket for its next request and reads nothing
        // there (CI once saw Java's HttpClient fail so on its second refused /cluster/state)
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir.resolve("data"), 0))) {
            Answer bad = exchange(relay.port(), "127.0.0.4", "GET /cluster/state HTTP/1.1\r\nHost: relay\r\n\r\n", 1).get(0);
            assertEquals(404, bad.status(), bad.toString());
            assertTrue(bad.head().toLowerCase().contains("\r\nconnection: close"), bad.head());
            Answer ok = exchange(relay.port(), "127.0.0.4", "GET /health HTTP/1.1\r\nHost: relay\r\n\r\n", 1).get(0);
            assertTrue(!ok.head().toLowerCase().contains("connection: close"), "a good answer keeps the socket: " + ok.head());
        }
    }

    @Test
    void pipelinedAnswersComeBackInRequestOrder() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir.resolve("data"), 0))) {
            String from = "127.0.0.3";
            String wrongArbiter = "POST /api/arbiter HTTP/1.1\r\nHost: relay\r\nAuthorization: Bearer wrong\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 2\r\n\r\n{}";
            // past the free failures, a wrong token's answer waits: the requests behind it must wait too
            for (int i = 0; i < 10; i++) assertEquals(401, exchange(relay.port(), from, wrongArbiter, 1).get(0).status());
            List<Answer> answers = exchange(relay.port(), from, wrongArbiter
                    + "GET /health HTTP/1.1\r\nHost: relay\r\n\r\n"
                    + "GET /api/events/nk HTTP/1.1\r\nHost: relay\r\n\r\n"
                    + "GET /no-such-file HTTP/1.1\r\nHost: relay\r\n\r\n", 4);
            assertEquals(List.of(401, 200, 200, 404), answers.stream().map(Answer::status).toList(), answers.toString());
            assertTrue(answers.get(0).body().contains("UNAUTHENTICATED"), answers.get(0).body());
            assertTrue(answers.get(2).body().contains("NK 2026"), answers.get(2).body());
        }
    }

    @Test
    void aWebSocketMessageSplitOverFramesIsOneMessage() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir.resolve("data"), 0))) {
            WsClient ws = WsClient.connect(relay.port(), "/arbiter");
            String hello = "{\"hello\":{\"token\":\"" + TestRelay.ARBITER_TOKEN + "\",\"eventId\":\"nk\",\"arbiter\":\"chief\"}}";
            int cut = hello.length() / 2;
            ws.sendFrame(new TextWebSocketFrame(false, 0, Unpooled.copiedBuffer(hello.substring(0, cut), StandardCharsets.UTF_8)));
            ws.sendFrame(new ContinuationWebSocketFrame(true, 0, Unpooled.copiedBuffer(hello.substring(cut), StandardCharsets.UTF_8)));
            await().atMost(Duration.ofSeconds(30)).until(() -> ws.json(ArbiterMessage::newBuilder).stream().anyMatch(ArbiterMessage.Builder::hasOk)
                    || ws.closed.isDone());
            assertTrue(ws.open(), "closed " + ws.closeCode + " " + ws.closeReason);
            ws.close();
        }
    }

    record Answer(int status, String head, String body) {}

    /** Writes {@code requests} at once on one socket from {@code from} and reads {@code count} answers (Content-Length bodies). */
    static List<Answer> exchange(int port, String from, String requests, int count) throws Exception {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(from, 0));
            s.connect(new InetSocketAddress("127.0.0.1", port));
            s.setSoTimeout(30_000);
            s.getOutputStream().write(requests.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            List<Answer> out = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String head = headOf(in);
                int status = Integer.parseInt(head.substring(9, 12));
                int length = 0;
                for (String line : head.split("\r\n")) {
                    if (line.toLowerCase().startsWith("content-length:")) length = Integer.parseInt(line.substring(15).strip());
                }
                out.add(new Answer(status, head, new String(in.readNBytes(length), StandardCharsets.UTF_8)));
            }
            return out;
        }
    }

    private static String headOf(InputStream in) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            b.write(c);
            byte[] a = b.toByteArray();
            int n = a.length;
            if (n >= 4 && a[n - 4] == '\r' && a[n - 3] == '\n' && a[n - 2] == '\r' && a[n - 1] == '\n') break;
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
