package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.AuthThrottle;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The cluster's credential is guarded like every other: wrong {@code cluster.token}s from one
 * address are counted (a metric), logged and slowed, the real edge's token still answered at once;
 * a bad {@code after} is a 400, not a 500; the docs' example and regular tokens are refused.
 */
class ClusterTokenTest {

    private static final String GUESSER = "127.0.0.2";

    @TempDir Path dir;
    private ClusterRig rig;

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void wrongClusterTokensAreCountedLoggedAndSlowed() throws Exception {
        rig = ClusterRig.start(dir, 0, 0);
        int port = rig.origin.port();
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        ((Logger) LoggerFactory.getLogger(AuthThrottle.class)).addAppender(logged);
        try {
            int free = 10; // edge.authFailuresPerMinute's default
            for (int i = 0; i < free; i++) assertEquals(401, status(request(port, "/cluster/entries?epoch=1&after=0", "guess-" + i), 30_000));
            // the next wrong one waits (1 s, then more): no answer within half a second
            try (Socket s = request(port, "/cluster/entries?epoch=1&after=0", "guess-late")) {
                assertThrows(SocketTimeoutException.class, () -> status(s, 500));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> rig.origin.core().authThrottle()
                    .failures(InetAddress.getByName(GUESSER), System.currentTimeMillis()) == free + 1);
            assertTrue(logged.list.stream().anyMatch(e -> e.getFormattedMessage().contains("/cluster/")
                    && e.getFormattedMessage().contains(GUESSER)), "logged with the address");
            String metrics = rig.origin.core().metrics().scrape();
            assertEquals(free + 1, TestRelay.metric(metrics, "damrelay_auth_failures_total{endpoint=\"/cluster/\"}"), 0.0, metrics);
            // the real edge's token from the same address: answered at once, and a bad 'after' is the edge's mistake (400)
            assertEquals(200, status(request(port, "/cluster/entries?epoch=1&after=0", ClusterRig.TOKEN), 30_000));
            assertEquals(400, status(request(port, "/cluster/entries?epoch=1&after=-5", ClusterRig.TOKEN), 30_000));
        } finally {
            ((Logger) LoggerFactory.getLogger(AuthThrottle.class)).detachAppender(logged);
        }
    }

    @Test
    void theDocsExampleAndRegularTokensAreRefused() {
        for (String token : new String[] {"\"a long random secret\"", "aaaaaaaaaaaaaaaaaaaaaaaa", "abababababababababababab"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigLoader.parse(
                    "cluster: {role: origin, token: " + token + ", redis: {uri: \"redis://127.0.0.1:6379\"}}", null), token);
            assertTrue(e.getMessage().contains("cluster.token"), e.getMessage());
        }
    }

    /** A GET from the guesser's address with {@code token} as the bearer; the socket to read the answer from. */
    private static Socket request(int port, String path, String token) throws Exception {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(GUESSER, 0));
        s.connect(new InetSocketAddress("127.0.0.1", port));
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: origin\r\nAuthorization: Bearer " + token
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    private static int status(Socket s, int timeoutMillis) throws Exception {
        try (s) {
            s.setSoTimeout(timeoutMillis);
            InputStream in = s.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(head.substring(9, 12));
        }
    }
}
