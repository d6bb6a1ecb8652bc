package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.http.ConnectionLimiter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The hall's shared address (every laptop and phone behind its NAT looks alike, here 127.0.0.2)
 * cannot be locked out: idle spectators and tarpitted wrong tokens from it fill its limit, and its
 * real driver and arbiter still get in; a flood up to {@code edge.maxConnections} from other
 * addresses leaves the reserve to a driver and /health, and the cap's line is logged.
 */
class HallAddressLimitsTest {

    private static final String HALL = "127.0.0.2";

    @TempDir Path dir;

    private RelayConfig config(int perIp, int maxConnections) {
        RelayConfig c = TestRelay.config(dir.resolve("data"), 0);
        RelayConfig.Limits l = c.limits();
        RelayConfig.Edge e = c.edge();
        return c.withLimits(new RelayConfig.Limits(l.maxFrameBytes(), l.spectatorMessagesPerSecond(), l.maxSubscriptionsPerConnection(),
                        perIp, l.idleTimeoutSeconds(), l.allowedOrigins(), l.writeBufferLowBytes(), l.writeBufferHighBytes(),
                        l.slowConsumerCutMillis(), 10_000, l.maxCatchUpUpdates(), l.socketSendBufferBytes()))
                .withEdge(new RelayConfig.Edge(e.requestReadTimeoutMillis(), e.authFailuresPerMinute(), e.trustedProxies(),
                        e.trustedRelays(), e.frameAncestors(), maxConnections));
    }

    @Test
    void idleSpectatorsAndTarpittedTokensFromTheHallsAddressDoNotLockOutItsDriverAndArbiter() throws Exception {
        int perIp = 30;
        List<AutoCloseable> held = new ArrayList<>();
        try (RelayServer relay = RelayServer.start(config(perIp, 10_000))) {
            int port = relay.port();
            for (int i = 0; i < perIp; i++) {
                WsClient s = WsClient.connect(port, "/ws", HALL);
                assertEquals(0, s.httpStatus(), "spectator " + i);
                held.add(s);
            }
            // wrong tokens past the free ones wait out their penalty on open sockets
            List<TestDriver> guesses = new ArrayList<>();
            for (int i = 0; i < 40; i++) guesses.add(new TestDriver("hall", "wrong-" + i, "nk").connect(port, HALL));
            held.addAll(guesses);
            await().atMost(Duration.ofSeconds(30)).until(() -> relay.core().authThrottle().failures(
                    java.net.InetAddress.getByName(HALL), System.currentTimeMillis()) >= 40);
            assertTrue(guesses.stream().filter(g -> g.ws.open()).count() > perIp / 2, "tarpitted sockets are still open");

            // one more spectator from the hall is refused with a reason, not reset
            WsClient extra = WsClient.connect(port, "/ws", HALL);
            assertEquals(429, extra.httpStatus());

            TestDriver driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(port, HALL);
            held.add(driver);
            await().atMost(Duration.ofSeconds(30)).until(() -> !driver.ws.received.isEmpty());
            assertTrue(driver.ws.open(), "the hall's driver is in: " + driver.ws.closeCode + " " + driver.ws.closeReason);
            TestArbiter arbiter = TestArbiter.connect(port, TestRelay.ARBITER_TOKEN, "nk", "chief", HALL);
            held.add(arbiter);
            await().atMost(Duration.ofSeconds(30)).until(() -> arbiter.messages().stream().anyMatch(ArbiterMessage.Builder::hasOk));
            assertEquals(200, health(port, HALL));
        } finally {
            for (AutoCloseable c : held) c.close();
        }
    }

    @Test
    void aFloodUpToTheTotalCapLeavesTheReserveToDriversAndHealthAndIsLogged() throws Exception {
        int max = 40;
        int reserve = ConnectionLimiter.reserveUnder(max);
        assertTrue(reserve >= 2);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        ((Logger) LoggerFactory.getLogger(ConnectionLimiter.class)).addAppender(logged);
        List<AutoCloseable> held = new ArrayList<>();
        try (RelayServer relay = RelayServer.start(config(200, max))) {
            int port = relay.port();
            for (int i = 0; i < max - reserve; i++) {
                WsClient s = WsClient.connect(port, "/ws", "127.0.0." + (3 + i % 3));
                assertEquals(0, s.httpStatus(), "spectator " + i);
                held.add(s);
            }
            WsClient flood = WsClient.connect(port, "/ws", "127.0.0.3");
            assertEquals(503, flood.httpStatus(), "a spectator past the reserve's edge is refused with a reason");
            await().atMost(Duration.ofSeconds(30)).until(() -> !flood.open());
            assertEquals(200, health(port, HALL), "/health in the reserve");
            TestDriver driver = new TestDriver("hall-b", TestRelay.HALL_B_TOKEN, "nk").connect(port, HALL);
            held.add(driver);
            await().atMost(Duration.ofSeconds(30)).until(() -> !driver.ws.received.isEmpty());
            assertTrue(driver.ws.open(), "a driver in the reserve: " + driver.ws.closeCode + " " + driver.ws.closeReason);
            // past the cap itself: closed at accept, and said once
            for (int i = 0; i < reserve + 2; i++) {
                Socket s = new Socket();
                s.bind(new InetSocketAddress("127.0.0.6", 0));
                s.connect(new InetSocketAddress("127.0.0.1", port));
                held.add(s);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> logged.list.stream()
                    .anyMatch(ev -> ev.getFormattedMessage().startsWith("connection cap reached: " + max)));
            assertEquals(1, logged.list.stream().filter(ev -> ev.getFormattedMessage().startsWith("connection cap reached")).count());
        } finally {
            ((Logger) LoggerFactory.getLogger(ConnectionLimiter.class)).detachAppender(logged);
            for (AutoCloseable c : held) c.close();
        }
    }

    /** GET /health from {@code from} on a socket of its own: the status code. */
    static int health(int port, String from) throws Exception {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(from, 0));
            s.connect(new InetSocketAddress("127.0.0.1", port));
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write("GET /health HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(head.substring(9, 12));
        }
    }
}
