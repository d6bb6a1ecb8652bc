package org.damrelay.relay.it;

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
        Path cert = dir.resolve("cert.pem"), key = dir.resolve("key.pem");
        Process p;
        try {
            p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            p = null;
        }
        assumeTrue(p != null && p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl is needed to make a test certificate");

        RelayConfig config = ConfigLoader.parse("""
                listen: {host: 127.0.0.1, port: 0}
                dataDir: data
                tls: {certChainPem: cert.pem, privateKeyPem: key.pem}
                """, dir);
        try (RelayServer relay = RelayServer.start(config)) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            try (var in = Files.newInputStream(cert)) {
                trust.setCertificateEntry("relay", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, tmf.getTrustManagers(), null);
            HttpResponse<String> r = HttpClient.newBuilder().sslContext(ssl).build().send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + relay.port() + "/health")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("UP"));
        }
    }
}
