package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Limits applied at the handshake: allowed origins, connections per address, hello timeout. */
class HandshakeLimitsTest {

    @TempDir Path dir;

    private static RelayConfig config(Path dir, List<String> origins, int perIp, long helloMillis) {
        return config(dir, origins, perIp, helloMillis, 60);
    }

    private static RelayConfig config(Path dir, List<String> origins, int perIp, long helloMillis, int idleSeconds) {
        RelayConfig c = TestRelay.config(dir, 0);
        RelayConfig.Limits l = c.limits();
        return c.withLimits(new RelayConfig.Limits(l.maxFrameBytes(), l.spectatorMessagesPerSecond(), l.maxSubscriptionsPerConnection(),
                perIp, idleSeconds, origins, l.writeBufferLowBytes(), l.writeBufferHighBytes(), l.slowConsumerCutMillis(),
                helloMillis, l.maxCatchUpUpdates(), l.socketSendBufferBytes()));
    }

    @Test
    void onlyAllowedOriginsMayOpenASpectatorSocket() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of("https://live.example.org"), 100, 3000))) {
            WsClient evil = WsClient.connect(relay.port(), "/ws", new DefaultHttpHeaders().set(HttpHeaderNames.ORIGIN, "https://evil.example"), 1 << 16);
            assertEquals(403, evil.httpStatus);
            WsClient good = WsClient.connect(relay.port(), "/ws", new DefaultHttpHeaders().set(HttpHeaderNames.ORIGIN, "https://live.example.org"), 1 << 16);
            assertEquals(0, good.httpStatus);
            assertTrue(good.open());
            good.close();
        }
    }

    @Test
    void connectionsPerAddressAreCapped() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of(), 3, 3000))) {
            List<WsClient> open = new ArrayList<>();
            for (int i = 0; i < 3; i++) open.add(WsClient.connect(relay.port(), "/ws"));
            WsClient fourth = WsClient.connect(relay.port(), "/ws");
            // past the address's limit a connection may only authenticate (a driver, an arbiter): a spectator is refused
            await().atMost(Duration.ofSeconds(30)).until(() -> fourth.closed.isDone());
            assertEquals(429, fourth.httpStatus);
            // and past as many of those again, closed at accept, before it could send its handshake
            List<WsClient> authOnly = new ArrayList<>();
            for (int i = 0; i < 3; i++) authOnly.add(WsClient.connect(relay.port(), "/ingest"));
            WsClient seventh = WsClient.connect(relay.port(), "/ingest");
            await().atMost(Duration.ofSeconds(30)).until(() -> seventh.closed.isDone());
            assertEquals(0, seventh.httpStatus);
            authOnly.forEach(WsClient::close);
            open.get(0).close();
            await().atMost(Duration.ofSeconds(30)).until(() -> relay.core().metrics().connections("spectator") == 2);
            WsClient again = WsClient.connect(relay.port(), "/ws");
            assertEquals(0, again.httpStatus);
            again.close();
            open.forEach(WsClient::close);
        }
    }

    @Test
    void aDriverThatNeverSaysHelloIsClosed() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of(), 100, 300))) {
            WsClient silent = WsClient.connect(relay.port(), "/ingest");
            await().atMost(Duration.ofSeconds(30)).until(() -> silent.closed.isDone());
            assertEquals(4408, silent.closeCode);
        }
    }

    @Test
    void aConnectionThatDoesNotAnswerPingsIsClosedAsIdle() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of(), 100, 3000, 2))) {
            // this test client never answers a ping
            WsClient mute = WsClient.connect(relay.port(), "/ws");
            await().atMost(Duration.ofSeconds(30)).until(() -> mute.closed.isDone());
            assertEquals(1001, mute.closeCode);
        }
    }

    @Test
    void anOrderlyStopTellsEveryWebSocketWhy() throws Exception {
        WsClient spectator;
        TestDriver driver;
        try (RelayServer relay = RelayServer.start(config(dir, List.of(), 100, 3000))) {
            spectator = WsClient.connect(relay.port(), "/ws");
            driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
            await().atMost(Duration.ofSeconds(30)).until(() -> !driver.ws.received.isEmpty());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> spectator.closed.isDone() && driver.ws.closed.isDone());
        assertEquals(1001, spectator.closeCode);
        assertEquals(1001, driver.ws.closeCode);
        assertEquals("relay shutting down", spectator.closeReason);
    }
}
