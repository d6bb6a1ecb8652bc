package org.damrelay.app.demo;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code demo --edges 2}: redis-server, the origin and two edges; the games advance on both edges as on the origin. */
@Timeout(150)
class ClusterDemoTest {

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(String base, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Plies per game (in board order) from a relay's JSON state. */
    private List<Integer> plies(String base) throws Exception {
        List<Integer> out = new ArrayList<>();
        for (JsonNode g : new ObjectMapper().readTree(get(base, "/api/events/" + Demo.EVENT + "/rounds/1").body()).path("games")) {
            out.add(g.path("plies").size());
        }
        return out;
    }

    @Test
    void theDemoRunsThroughTwoEdges() throws Exception {
        try (Demo demo = Demo.start(new Demo.Settings(Demo.Settings.LOOPBACK, 0, 3, 20, false, null, dir, 1, 2))) {
            List<String> edges = demo.edgeUrls();
            assertEquals(2, edges.size());
            for (String edge : edges) assertEquals(200, get(edge, "/").statusCode(), "each edge serves the viewer");
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> plies(demo.baseUrl()).stream().filter(n -> n >= 4).count() >= 2);
            List<Integer> atOrigin = plies(demo.baseUrl());
            for (String edge : edges) {
                // the edges catch up with what the origin had released by then, move for move
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    List<Integer> there = plies(edge);
                    for (int i = 0; i < atOrigin.size(); i++) if (there.get(i) < atOrigin.get(i)) return false;
                    return true;
                });
            }
        }
    }
}
