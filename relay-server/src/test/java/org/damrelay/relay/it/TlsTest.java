package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.Hello;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.RelayConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relay terminates TLS itself from PEM files named in the config. */
class TlsTest {

    @TempDir Path dir;

    @Test
    void servesHttpsFromPemFiles() throws Exception {
        SSLContext ssl = certificate();
        RelayConfig config = ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: 0}
                dataDir: data
                tls: {certChainPem: cert.pem, privateKeyPem: key.pem}
                """, dir);
        try (RelayServer relay = RelayServer.start(config)) {
            HttpResponse<String> r = HttpClient.newBuilder().sslContext(ssl).build().send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + relay.port() + "/health")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("UP"));
        }
    }

    /** Live updates are framed once and written past the frame encoder: they must still go through TLS. */
    @Test
    void aSpectatorOnWssGetsLiveMovesFromADriverOnWss() throws Exception {
        SSLContext ssl = certificate();
        RelayConfig config = ConfigLoader.parse(TestRelay.yaml(dir.resolve("data"), 0)
                + "tls: {certChainPem: cert.pem, privateKeyPem: key.pem}\n", dir);
        try (RelayServer relay = RelayServer.start(config)) {
            HttpClient http = HttpClient.newBuilder().sslContext(ssl).build();
            String base = "wss://127.0.0.1:" + relay.port();
            BlockingQueue<String> texts = new LinkedBlockingQueue<>();
            WebSocket spectator = http.newWebSocketBuilder().buildAsync(URI.create(base + "/ws"), new WebSocket.Listener() {
                private final StringBuilder part = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                    part.append(data);
                    if (last) {
                        texts.add(part.toString());
                        part.setLength(0);
                    }
                    ws.request(1);
                    return null;
                }
            }).get(10, TimeUnit.SECONDS);
            spectator.sendText("{\"subscribe\":{\"gameId\":\"nk-r1-b1\"}}", true).get(5, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(30)).until(() -> texts.stream().anyMatch(t -> t.startsWith("{\"subscribed\"")));

            WebSocket driver = http.newWebSocketBuilder().buildAsync(URI.create(base + "/ingest"), new WebSocket.Listener() { })
                    .get(10, TimeUnit.SECONDS);
            driver.sendBinary(ByteBuffer.wrap(DriverFrame.newBuilder().setHello(Hello.newBuilder().setProtocolVersion(1)
                    .setToken(TestRelay.DRIVER_TOKEN).setEventId("nk").setDriverId("hall")).build().toByteArray()), true).get(5, TimeUnit.SECONDS);
            List<Move> moves = Plays.line(3, 1);
            for (int i = 0; i < moves.size(); i++) {
                driver.sendBinary(ByteBuffer.wrap(DriverFrame.newBuilder().setEvent(BoardEvent.newBuilder().setBoard("101")
                        .setSeq(i + 1).setEvent(Plays.event(moves.get(i)))).build().toByteArray()), true).get(5, TimeUnit.SECONDS);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> texts.stream().filter(t -> t.startsWith("{\"update\"")).count() == moves.size());
            List<String> updates = texts.stream().filter(t -> t.startsWith("{\"update\"")).toList();
            for (String u : updates) assertTrue(u.contains("\"type\":\"MOVE\""), u);
            spectator.abort();
            driver.abort();
        }
    }

    /** A self-signed certificate for 127.0.0.1 in cert.pem/key.pem, and a client context that trusts it. */
    private SSLContext certificate() throws Exception {
        Path cert = dir.resolve("cert.pem");
        assumeTrue(SelfSignedCertificate.write(dir), "openssl is needed to make a test certificate");
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (var in = Files.newInputStream(cert)) {
            trust.setCertificateEntry("relay", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return ssl;
    }
}
