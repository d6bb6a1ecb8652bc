package org.damrelay.relay.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.it.TestRelay;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relays behind the shipped nginx config, nginx trusted as their proxy: each relay counts,
 * limits and throttles the client nginx names, not nginx. The clients come from distinct loopback
 * addresses (127.0.0.2, .3, .4); nginx reaches the relays from 127.0.0.1.
 */
class ClusterProxyTest {

    private static final int PER_IP = 2;

    @TempDir Path dir;
    ClusterRig rig;
    LocalNginx nginx;

    @BeforeEach
    void start() throws Exception {
        rig = ClusterRig.start(dir, 0, 2, PER_IP);
        nginx = LocalNginx.start(dir.resolve("nginx"), rig.origin.port(), List.of(rig.edge(0).port(), rig.edge(1).port()));
    }

    @AfterEach
    void stop() {
        if (nginx != null) nginx.close();
        if (rig != null) rig.close();
    }

    private WsClient spectatorFrom(String address) throws Exception {
        return WsClient.connect(nginx.port, "/ws", new DefaultHttpHeaders(), 1 << 20,
                b -> b.localAddress(new InetSocketAddress(address, 0)));
    }

    private int spectatorsOn(RelayServer edge) {
        return edge.core().metrics().connections("spectator");
    }

    @Test
    void thePerAddressLimitHoldsThroughNginx() throws Exception {
        List<WsClient> sockets = new ArrayList<>();
        try {
            // six sockets of one address over two edges, each of which allows that address two
            int refused = 0;
            for (int i = 0; i < 6; i++) {
                WsClient ws = spectatorFrom("127.0.0.2");
                sockets.add(ws);
                if (ws.httpStatus() == 429) refused++;
            }
            for (RelayServer edge : rig.edges) assertTrue(spectatorsOn(edge) <= PER_IP, "an edge held " + spectatorsOn(edge) + " of one address");
            assertEquals(2, refused, "round robin: three per edge, the third refused on each");
            // another address is a client of its own
            WsClient other = spectatorFrom("127.0.0.3");
            sockets.add(other);
            assertEquals(0, other.httpStatus());
            assertTrue(other.open());
        } finally {
            sockets.forEach(WsClient::close);
        }
    }

    @Test
    void anOutsidersFailedTokensAreCountedAgainstItsAddressNotTheArbiters() throws Exception {
        String body = "{\"result\": {\"gameId\": \"nk-r1-b1\", \"result\": \"DRAW\"}}";
        // the outsider guesses past the origin's 10 free failures a minute: its answers start to wait
        for (int i = 0; i < 12; i++) assertEquals(401, post("127.0.0.2", "Bearer guess-" + i, body));
        long now = System.currentTimeMillis();
        var throttle = rig.origin.core().authThrottle();
        assertTrue(throttle.failures(InetAddress.getByName("127.0.0.2"), now) >= 12, "counted under the outsider's own address");
        // were every client nginx's address, the arbiter's address would have paid for them
        assertEquals(0, throttle.failures(InetAddress.getByName("127.0.0.1"), now), "nothing counted under nginx");
        assertEquals(0, throttle.failures(InetAddress.getByName("127.0.0.3"), now));
        int arbiter = post("127.0.0.3", "Bearer " + TestRelay.ARBITER_TOKEN, body);
        assertTrue(arbiter == 200 || arbiter == 400, "the arbiter's token is taken (" + arbiter + ")");
    }

    private int post(String from, String auth, String body) throws Exception {
        String answer = NginxConfigTest.exchange(nginx.port, from, "POST /api/arbiter HTTP/1.1\r\nHost: dam.example\r\nAuthorization: " + auth
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        return Integer.parseInt(answer.substring(9, 12));
    }
}
