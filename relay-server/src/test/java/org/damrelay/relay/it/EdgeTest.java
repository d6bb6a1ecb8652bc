package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile plain connections: silent, trickling, too many, behind a proxy, numbers out of range. */
class EdgeTest {

    @TempDir Path dir;

    private RelayConfig config(int perIp, List<String> proxies) {
        RelayConfig c = TestRelay.config(dir, 0).withEdge(new RelayConfig.Edge(500, 10, proxies, List.of(), List.of()));
        RelayConfig.Limits l = c.limits();
        return c.withLimits(new RelayConfig.Limits(l.maxFrameBytes(), l.spectatorMessagesPerSecond(), l.maxSubscriptionsPerConnection(),
                perIp, l.idleTimeoutSeconds(), l.allowedOrigins(), l.writeBufferLowBytes(), l.writeBufferHighBytes(),
                l.slowConsumerCutMillis(), l.helloTimeoutMillis(), l.maxCatchUpUpdates(), l.socketSendBufferBytes()));
    }

    /** True once the relay closed the connection (the read sees the end of the stream or a reset). */
    private static boolean closedByRelay(Socket s) {
        try {
            s.setSoTimeout(50);
            InputStream in = s.getInputStream();
            while (true) {
                if (in.read() < 0) return true;
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static String get(int port, String path, String forwardedFor) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            String req = "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + (forwardedFor == null ? "" : "X-Forwarded-For: " + forwardedFor + "\r\n") + "\r\n";
            s.getOutputStream().write(req.getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void silentAndTricklingConnectionsAreClosedAfterTheReadTimeout() throws Exception {
        try (RelayServer relay = RelayServer.start(config(100, List.of()));
             Socket silent = new Socket("127.0.0.1", relay.port());
             Socket trickle = new Socket("127.0.0.1", relay.port())) {
            OutputStream out = trickle.getOutputStream();
            byte[] partial = "GET /health HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII);
            int[] sent = {0};
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                if (sent[0] < partial.length) {
                    try {
                        out.write(partial[sent[0]++]);
                        out.flush();
                    } catch (IOException e) {
                        return true; // the relay is gone from under us: closed
                    }
                }
                return closedByRelay(trickle);
            });
            await().atMost(Duration.ofSeconds(30)).until(() -> closedByRelay(silent));
            assertTrue(sent[0] < partial.length || closedByRelay(trickle));
        }
    }

    @Test
    void extraConnectionsFromOneAddressAreRefusedAtAcceptButOthersAreServed() throws Exception {
        try (RelayServer relay = RelayServer.start(config(3, List.of()))) {
            List<Socket> idle = new ArrayList<>();
            for (int i = 0; i < 3; i++) idle.add(new Socket("127.0.0.1", relay.port()));
            try (Socket extra = new Socket("127.0.0.1", relay.port())) {
                await().atMost(Duration.ofSeconds(30)).until(() -> closedByRelay(extra));
            }
            for (Socket s : idle) s.close();
            await().atMost(Duration.ofSeconds(30)).until(() -> get(relay.port(), "/health", null).contains("UP"));
        }
    }

    @Test
    void connectionsOverTheTotalCapAreRefusedAtAcceptCountedAndTheSlotComesBack() throws Exception {
        RelayConfig c = config(100, List.of());
        try (RelayServer relay = RelayServer.start(c.withEdge(new RelayConfig.Edge(500, 10, List.of(), List.of(), List.of(), 3)))) {
            List<Socket> idle = new ArrayList<>();
            for (int i = 0; i < 3; i++) idle.add(new Socket("127.0.0.1", relay.port()));
            // every address counts towards the total: this one is refused though its own count is far below 100
            try (Socket extra = new Socket("127.0.0.1", relay.port())) {
                await().atMost(Duration.ofSeconds(30)).until(() -> closedByRelay(extra));
            }
            for (Socket s : idle) s.close();
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> get(relay.port(), "/metrics", null).contains("damrelay_connections_refused_total{reason=\"total\"} 1.0"));
            assertTrue(get(relay.port(), "/metrics", null).contains("damrelay_connections_refused_total{reason=\"address\"} 0.0"));
        }
    }

    @Test
    void behindATrustedProxyClientsAreCountedByTheirForwardedAddress() throws Exception {
        try (RelayServer relay = RelayServer.start(config(2, List.of("127.0.0.1")))) {
            // the proxy's own address is not limited: three connections of two clients pass
            List<Socket> held = new ArrayList<>();
            for (String client : List.of("10.0.0.1", "10.0.0.1", "10.0.0.2")) {
                Socket s = new Socket("127.0.0.1", relay.port());
                s.getOutputStream().write(("GET /health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.9, " + client
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                held.add(s);
            }
            for (Socket s : held) {
                s.setSoTimeout(30_000);
                byte[] buf = new byte[12];
                assertEquals(12, s.getInputStream().readNBytes(buf, 0, 12));
                assertEquals("HTTP/1.1 200", new String(buf, StandardCharsets.US_ASCII));
            }
            // a third open connection of 10.0.0.1 is one too many for that client only: refused, but
            // for /health and the drivers' and arbiters' handshakes, which the hall's address must not lose
            assertTrue(get(relay.port(), "/api/events", "10.0.0.1").startsWith("HTTP/1.1 429"));
            assertTrue(get(relay.port(), "/health", "10.0.0.1").startsWith("HTTP/1.1 200"));
            assertTrue(get(relay.port(), "/health", "10.0.0.3").startsWith("HTTP/1.1 200"));
            for (Socket s : held) s.close();
        }
    }

    @Test
    void numbersOutOfRangeInAUrlAnswer400() throws Exception {
        try (RelayServer relay = RelayServer.start(config(100, List.of()))) {
            assertTrue(get(relay.port(), "/api/events/nk/rounds/99999999999", null).startsWith("HTTP/1.1 400"));
            assertTrue(get(relay.port(), "/pdn/nk/round/99999999999.pdn", null).startsWith("HTTP/1.1 400"));
            assertTrue(get(relay.port(), "/api/events/nk/rounds/1", null).startsWith("HTTP/1.1 200"));
        }
    }
}
