package org.damrelay.relay.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.AuthThrottle;
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
            List<String> outcomes = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                WsClient ws = spectatorFrom("127.0.0.2");
                sockets.add(ws);
                outcomes.add(ws.open() && ws.httpStatus() == 0 ? "open" : "HTTP " + ws.httpStatus());
            }
            for (RelayServer edge : rig.edges) assertTrue(spectatorsOn(edge) <= PER_IP, "an edge held " + spectatorsOn(edge) + " of one address");
            assertEquals(4, outcomes.stream().filter("open"::equals).count(), "both edges up to their limit, no more: " + outcomes);
            assertEquals(2, outcomes.stream().filter("HTTP 429"::equals).count(), "the others refused by the relay, as too many: " + outcomes);
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
        assertEquals(0, throttle.failures(InetAddress.getByName("127.0.0.3"), System.currentTimeMillis()));
    }

    /**
     * What a CDN or nginx's own cache needs, through nginx: per kind a Cache-Control, a weak ETag
     * that is the same for the gzip'd and the plain body (the same content), Vary: Accept-Encoding,
     * and a 304 for either encoding's tag.
     */
    @Test
    void answersThroughNginxAreFitForASharedCache() throws Exception {
        Map<String, String> kinds = Map.of("/js/board.js", "public, max-age=300", "/", "no-cache",
                "/api/games/nk-r1-b1", "public, max-age=2", "/pdn/nk-r1-b1.pdn", "public, max-age=10");
        for (Map.Entry<String, String> kind : kinds.entrySet()) {
            String path = kind.getKey();
            String plain = NginxConfigTest.exchange(nginx.port, "127.0.0.2", "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String zipped = NginxConfigTest.exchange(nginx.port, "127.0.0.2",
                    "GET " + path + " HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n");
            assertTrue(plain.startsWith("HTTP/1.1 200") && zipped.startsWith("HTTP/1.1 200"), path + ":\n" + plain + "\n" + zipped);
            assertEquals(kind.getValue(), header(plain, "Cache-Control"), path);
            assertTrue(header(plain, "Vary").toLowerCase().contains("accept-encoding"), path + " Vary: " + header(plain, "Vary"));
            assertTrue(header(zipped, "Vary").toLowerCase().contains("accept-encoding"), path);
            String tag = header(plain, "ETag");
            assertTrue(tag.startsWith("W/\""), path + " ETag " + tag);
            assertEquals(tag, header(zipped, "ETag"), path + ": one content, one weak tag");
            if (header(zipped, "Content-Encoding").equals("gzip")) assertEquals("", header(plain, "Content-Encoding"), path);
            String again = NginxConfigTest.exchange(nginx.port, "127.0.0.2", "GET " + path + " HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n"
                    + "If-None-Match: " + tag + "\r\nConnection: close\r\n\r\n");
            assertTrue(again.startsWith("HTTP/1.1 304"), path + ": " + again);
        }
        // the big file is the one the compressor takes: check that gzip happened at least there
        String js = NginxConfigTest.exchange(nginx.port, "127.0.0.2", "GET /js/board.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n");
        assertEquals("gzip", header(js, "Content-Encoding"));
        String health = NginxConfigTest.exchange(nginx.port, "127.0.0.2", "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals("no-store", header(health, "Cache-Control"));
    }

    private static String header(String answer, String name) {
        for (String line : answer.substring(0, answer.indexOf("\r\n\r\n")).split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) return line.substring(colon + 1).strip();
        }
        return "";
    }

    private int post(String from, String auth, String body) throws Exception {
        String answer = NginxConfigTest.exchange(nginx.port, from, "POST /api/arbiter HTTP/1.1\r\nHost: dam.example\r\nAuthorization: " + auth
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        return Integer.parseInt(answer.substring(9, 12));
    }
}
