package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** Spectators that vanish with a TCP reset are closed quietly and counted, not logged as warnings. */
class PeerGoneTest {

    @TempDir
    Path dir;

    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void listen() {
        logged.start();
        root.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        root.detachAppender(logged);
    }

    /** A WebSocket handshake on a plain socket, so the test can end it with a reset (SO_LINGER 0). */
    private static Socket upgradedSocket(int port) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(5000);
        s.getOutputStream().write(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = s.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IllegalStateException("relay closed during the handshake: " + head);
            head.append((char) b);
        }
        assertTrue(head.toString().startsWith("HTTP/1.1 101"), head.toString());
        return s;
    }

    @Test
    void spectatorsResettingTheirConnectionsAreCountedWithoutAWarning() throws Exception {
        try (RelayServer relay = RelayServer.start(TestRelay.config(dir, 0))) {
            int n = 20;
            for (int i = 0; i < n; i++) {
                Socket s = upgradedSocket(relay.port());
                s.setSoLinger(true, 0);
                s.close();
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> relay.core().metrics().connections("spectator") == 0);
            double gone = relay.core().metrics().peersGone("spectator");
            assertTrue(gone >= 1 && gone <= n, "resets counted: " + gone);
            assertTrue(relay.core().metrics().scrape().contains("damrelay_connections_gone_total{kind=\"spectator\"}"));
        }
        List<ILoggingEvent> warnings = logged.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).toList();
        assertEquals(List.of(), warnings.stream().map(ILoggingEvent::getFormattedMessage).toList());
    }
}
