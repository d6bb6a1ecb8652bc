package org.damrelay.relay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A viewer served from another origin (a CDN) may read the JSON, the PDN and the health only if allowed. */
class CorsTest {

    @TempDir Path dir;

    private static final List<String> GETS = List.of("/health", "/api/events", "/api/events/nk", "/api/games/nk-r1-b1",
            "/pdn/nk-r1-b1.pdn", "/pdn/nk/round/1.pdn");

    private static RelayConfig config(Path dir, List<String> origins) {
        RelayConfig c = TestRelay.config(dir, 0);
        RelayConfig.Limits l = c.limits();
        return c.withLimits(new RelayConfig.Limits(l.maxFrameBytes(), l.spectatorMessagesPerSecond(), l.maxSubscriptionsPerConnection(),
                l.connectionsPerIp(), l.idleTimeoutSeconds(), origins, l.writeBufferLowBytes(), l.writeBufferHighBytes(),
                l.slowConsumerCutMillis(), l.helloTimeoutMillis(), l.maxCatchUpUpdates(), l.socketSendBufferBytes()));
    }

    private static HttpResponse<String> get(RelayServer relay, String path, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + path))
                .timeout(Duration.ofSeconds(5));
        if (origin != null) b.header("Origin", origin);
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void configuredOriginsAreEchoedAndOthersGetNoCorsHeader() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of("https://cdn.example.org", "https://live.example.org")))) {
            for (String path : GETS) {
                HttpResponse<String> ok = get(relay, path, "https://live.example.org");
                assertEquals(200, ok.statusCode(), path);
                assertEquals(Optional.of("https://live.example.org"), ok.headers().firstValue("Access-Control-Allow-Origin"), path);
                assertTrue(ok.headers().firstValue("Vary").orElse("").contains("origin"), path + " must vary by origin");

                HttpResponse<String> evil = get(relay, path, "https://evil.example");
                assertEquals(200, evil.statusCode(), path);
                assertEquals(Optional.empty(), evil.headers().firstValue("Access-Control-Allow-Origin"), path);
            }
            assertEquals(Optional.of("https://cdn.example.org"),
                    get(relay, "/api/games/nk-r1-b1", "https://cdn.example.org").headers().firstValue("Access-Control-Allow-Origin"));
        }
    }

    @Test
    void noConfiguredOriginsMeansAnyOrigin() throws Exception {
        try (RelayServer relay = RelayServer.start(config(dir, List.of()))) {
            for (String path : GETS) {
                HttpResponse<String> r = get(relay, path, "https://anywhere.example");
                assertEquals(200, r.statusCode(), path);
                assertEquals(Optional.of("*"), r.headers().firstValue("Access-Control-Allow-Origin"), path);
            }
            assertEquals(Optional.of("*"), get(relay, "/health", null).headers().firstValue("Access-Control-Allow-Origin"));
        }
    }
}
