package org.damrelay.relay.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/nginx as shipped, with nginx itself: {@code nginx -t}, and what a relay behind each of its
 * locations receives (recorded by stand-in upstreams): every proxied location, found in the file
 * rather than listed here, must pass on the client's address, the scheme and the host. nginx drops
 * a server's proxy_set_header lines in any location that sets one of its own, so this is the
 * check that a location added later does not lose them.
 */
class NginxConfigTest {

    private static final String CLIENT = "127.0.0.2";

    @TempDir Path dir;
    private final List<HttpServer> upstreams = new ArrayList<>();
    /** What each path's upstream received, by request path. */
    private final Map<String, com.sun.net.httpserver.Headers> received = new ConcurrentHashMap<>();
    private LocalNginx nginx;

    @BeforeEach
    void start() throws Exception {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            s.createContext("/", this::record);
            s.start();
            upstreams.add(s);
            ports.add(s.getAddress().getPort());
        }
        nginx = LocalNginx.start(dir, ports.get(0), ports.subList(1, 3));
    }

    private void record(HttpExchange x) throws IOException {
        received.put(x.getRequestURI().getPath(), x.getRequestHeaders());
        x.getRequestBody().readAllBytes();
        byte[] body = "recorded".getBytes(StandardCharsets.US_ASCII);
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
        x.close();
    }

    @AfterEach
    void stop() {
        if (nginx != null) nginx.close();
        upstreams.forEach(s -> s.stop(0));
    }

    @Test
    void nginxAcceptsTheShippedFiles() throws Exception {
        String out = LocalNginx.test(dir.resolve("nginx.conf"));
        assertTrue(out.startsWith("ok"), out);
    }

    private static final Pattern LOCATION = Pattern.compile("(?m)^location\\s+(=\\s*)?(\\S+)\\s*\\{([^}]*)}");

    /** The path of every location of the shipped file that proxies (those that answer themselves are left out). */
    static List<String> proxiedPaths() throws IOException {
        String text = Files.readString(LocalNginx.DIR.resolve("damrelay-locations.conf"));
        List<String> paths = new ArrayList<>();
        Matcher m = LOCATION.matcher(text);
        while (m.find()) {
            if (m.group(3).contains("proxy_pass")) paths.add(m.group(2));
        }
        return paths;
    }

    @Test
    void everyProxiedLocationPassesOnTheClientsAddressSchemeAndHost() throws Exception {
        List<String> paths = proxiedPaths();
        assertTrue(paths.containsAll(List.of("/ws", "/ingest", "/arbiter", "/notate", "/api/arbiter", "/")), paths.toString());
        for (String path : paths) {
            boolean post = path.equals("/api/arbiter");
            // a WebSocket handshake for the WebSocket locations: the Upgrade header is what differs
            String req = (post ? "POST " : "GET ") + path + " HTTP/1.1\r\nHost: dam.example\r\n"
                    + (post ? "Content-Length: 2\r\n" : "Upgrade: websocket\r\nConnection: Upgrade\r\n")
                    + "X-Forwarded-For: 203.0.113.66\r\n\r\n" + (post ? "{}" : "");
            String answer = exchange(nginx.port, req);
            assertTrue(answer.startsWith("HTTP/1.1 200"), path + ": " + answer);
            com.sun.net.httpserver.Headers h = received.remove(path);
            assertTrue(h != null, path + " reached no upstream");
            // the relay takes the last address: the one nginx appended, never what the client claimed
            String xff = h.getFirst("X-Forwarded-For");
            assertEquals("203.0.113.66, " + CLIENT, xff, path);
            assertEquals("http", h.getFirst("X-Forwarded-Proto"), path);
            assertEquals("dam.example", h.getFirst("Host"), path);
            if (!post) assertEquals("websocket", h.getFirst("Upgrade"), path);
        }
    }

    @Test
    void httpsCarriesTheSchemeAndHstsAndPlainHttpIsRedirected() throws Exception {
        String redirect = exchange(nginx.redirectPort, "GET /round/1?x=1 HTTP/1.1\r\nHost: dam.example\r\nConnection: close\r\n\r\n");
        assertTrue(redirect.startsWith("HTTP/1.1 301"), redirect);
        assertTrue(redirect.contains("\r\nLocation: https://dam.example/round/1?x=1\r\n"), redirect);

        SSLContext trustAll = SSLContext.getInstance("TLS");
        trustAll.init(null, new TrustManager[] {new X509TrustManager() {
            public void checkClientTrusted(X509Certificate[] c, String a) { }
            public void checkServerTrusted(X509Certificate[] c, String a) { }
            public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
        }}, null);
        try (Socket plain = new Socket("127.0.0.1", nginx.tlsPort, InetAddress.getByName(CLIENT), 0);
             SSLSocket tls = (SSLSocket) trustAll.getSocketFactory().createSocket(plain, "127.0.0.1", nginx.tlsPort, true)) {
            tls.setSoTimeout(30_000);
            tls.getOutputStream().write("GET /api/events HTTP/1.1\r\nHost: dam.example\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(tls.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.contains("\r\nStrict-Transport-Security: max-age="), answer);
        }
        com.sun.net.httpserver.Headers h = received.get("/api/events");
        assertEquals("https", h.getFirst("X-Forwarded-Proto"));
        assertEquals(CLIENT, h.getFirst("X-Forwarded-For"));
    }

    @Test
    void theClusterStateAndMetricsStayInside() throws Exception {
        for (String path : List.of("/cluster/state", "/cluster/state?since=x", "/metrics")) {
            String answer = exchange(nginx.port, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertTrue(answer.startsWith("HTTP/1.1 404"), path + ": " + answer);
        }
        assertFalse(received.containsKey("/cluster/state") || received.containsKey("/metrics"));
    }

    /** One request from the test's client address; the answer's head and as much body as comes before the upstream's close. */
    static String exchange(int port, String request) throws IOException {
        return exchange(port, CLIENT, request);
    }

    static String exchange(int port, String from, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port, InetAddress.getByName(from), 0)) {
            s.setSoTimeout(30_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            byte[] buf = new byte[8192];
            StringBuilder out = new StringBuilder();
            // the head, then Content-Length bytes of body when it says so
            while (true) {
                int n = s.getInputStream().read(buf);
                if (n < 0) break;
                out.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                int head = out.indexOf("\r\n\r\n");
                if (head < 0) continue;
                Matcher len = Pattern.compile("(?i)\r\ncontent-length: *(\\d+)").matcher(out.substring(0, head));
                if (len.find() && out.length() >= head + 4 + Integer.parseInt(len.group(1))) break;
                if (!len.find(0) && out.indexOf("0\r\n\r\n", head) > 0) break;
            }
            return out.toString();
        }
    }
}
