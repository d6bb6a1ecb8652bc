package org.damrelay.relay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.http.SecurityHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every answer of the relay carries the browser security headers (issue 22): a CSP whose
 * connect-src names only this relay and the relays the config trusts, no framing unless
 * configured, no referrer, no sniffing; and the viewer learns the trusted relays from /api/viewer.
 */
class SecurityHeadersTest {

    @TempDir Path dir;

    private static HttpResponse<String> get(RelayServer relay, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private RelayConfig config(List<String> trusted, List<String> frameAncestors) {
        RelayConfig c = TestRelay.config(dir, 0);
        RelayConfig.Edge e = c.edge();
        return c.withEdge(new RelayConfig.Edge(e.requestReadTimeoutMillis(), e.authFailuresPerMinute(), e.trustedProxies(), trusted, frameAncestors));
    }

    @Test
    void everyAnswerCarriesTheHeadersAndConnectSrcNamesOnlyTrustedRelays() throws Exception {
        try (RelayServer relay = RelayServer.start(config(List.of("wss://relay2.example.org:8443"), List.of()))) {
            for (String path : List.of("/health", "/api/events", "/no-such-file.js", "/api/viewer")) {
                HttpResponse<String> r = get(relay, path);
                String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
                assertTrue(csp.contains("default-src 'self'"), path + ": " + csp);
                assertTrue(csp.contains("connect-src 'self' wss://relay2.example.org:8443 https://relay2.example.org:8443;"), csp);
                assertTrue(csp.contains("frame-ancestors 'none'"), csp);
                assertFalse(csp.contains("unsafe-inline"), csp);
                assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), path);
                assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElse(""), path);
                assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), path);
            }
            assertEquals("{\"trustedRelays\":[\"https://relay2.example.org:8443\"]}", get(relay, "/api/viewer").body());
        }
    }

    @Test
    void withNothingTrustedTheViewerMayConnectOnlyToItsOwnRelay() throws Exception {
        try (RelayServer relay = RelayServer.start(config(List.of(), List.of()))) {
            HttpResponse<String> r = get(relay, "/api/viewer");
            assertEquals("{\"trustedRelays\":[]}", r.body());
            assertTrue(r.headers().firstValue("Content-Security-Policy").orElseThrow().contains("connect-src 'self';"));
        }
    }

    @Test
    void configuredEmbeddingNamesItsSitesAndDropsXFrameOptions() throws Exception {
        try (RelayServer relay = RelayServer.start(config(List.of(), List.of("https://club.example.nl")))) {
            HttpResponse<String> r = get(relay, "/health");
            assertTrue(r.headers().firstValue("Content-Security-Policy").orElseThrow().endsWith("frame-ancestors https://club.example.nl"));
            assertTrue(r.headers().firstValue("X-Frame-Options").isEmpty());
        }
    }

    @Test
    void aTrustedRelayThatIsNoAddressIsOneClearLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SecurityHeaders(List.of("relay2.example.org"), List.of()));
        assertEquals("edge.trustedRelays: \"relay2.example.org\" is not an address like https://relay.example.org or wss://relay.example.org:8443",
                e.getMessage());
    }
}
