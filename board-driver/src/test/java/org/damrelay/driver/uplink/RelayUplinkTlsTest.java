package org.damrelay.driver.uplink;

import static org.awaitility.Awaitility.await;
import static org.damrelay.driver.uplink.OutboxTest.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** wss:// to a relay with a self-signed certificate (test resources/tls): trusted only when told to. */
@Timeout(60)
class RelayUplinkTlsTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir Path tmp;
    private FakeIngestRelay relay;
    private Outbox outbox;
    private RelayUplink uplink;

    private static Path resource(String name) throws Exception {
        return Path.of(RelayUplinkTlsTest.class.getResource("/tls/" + name).toURI());
    }

    @BeforeEach
    void setUp() throws Exception {
        relay = new FakeIngestRelay(SslContextBuilder.forServer(resource("relay-cert.pem").toFile(),
                resource("relay-key.pem").toFile()).build()).start();
        outbox = Outbox.open(tmp.resolve("outbox"));
        outbox.append("5521", move(1, 32, 28));
    }

    @AfterEach
    void tearDown() throws Exception {
        if (uplink != null) uplink.close();
        outbox.close();
        relay.close();
    }

    private UplinkConfig config() {
        return UplinkConfig.of(relay.uri(), FakeIngestRelay.TOKEN, "nk2026", "hall-a")
                .withBackoff(Duration.ofMillis(20), Duration.ofMillis(100));
    }

    @Test
    void aRelayWhoseCertificateIsTrustedGetsTheEvents() throws Exception {
        uplink = new RelayUplink(config().withTrust(resource("relay-cert.pem")), outbox).start();
        await().atMost(WAIT).until(() -> outbox.unacked().isEmpty());
        assertEquals(List.of(1L), relay.storedSeqs("5521"));
    }

    @Test
    void anUntrustedCertificateIsRefusedAndRetriedWithoutSendingAnything() {
        uplink = new RelayUplink(config(), outbox).start(); // the JDK trust store does not know this certificate
        await().atMost(WAIT).until(() -> relay.accepted.get() >= 3);
        assertEquals(0, relay.hellos.get(), "no token goes over an unverified connection");
        assertFalse(uplink.refused().isDone(), "a certificate problem may be fixed on the relay: keep trying");
        assertEquals(1, outbox.unacked().size());
    }
}
