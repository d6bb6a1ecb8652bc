package org.damrelay.app.demo;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo for a short while, in process, on in-process serial lines (no socat timing in CI):
 * the viewer's pages and modules are served, and the games advance on the relay.
 */
@Timeout(150)
class DemoTest {

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Plies per game from the relay's JSON state. */
    private Map<String, Integer> plies(int port) throws Exception {
        HttpResponse<String> r = get(port, "/api/events/" + Demo.EVENT + "/rounds/1");
        assertEquals(200, r.statusCode(), r.body());
        Map<String, Integer> out = new HashMap<>();
        for (JsonNode g : json.readTree(r.body()).path("games")) {
            out.put(g.path("info").path("gameId").asText(), g.path("plies").size());
        }
        return out;
    }

    @Test
    void bundledGamesFillTheLargestDemoWithoutSharedTree() throws Exception {
        // twenty sensor boards and the notated board
        var games = DemoGames.pick(null, 21);
        assertEquals(21, games.size());
        assertTrue(games.stream().allMatch(g -> g.plies().size() >= 40), "every demo game has 40+ plies");
        assertEquals(21, games.stream().map(g -> g.players()).distinct().count(), "twenty-one different games");
    }

    @Test
    void servesTheViewerAndItsGamesAdvance() throws Exception {
        // no corpus directory: the games bundled in the jar, as on a fresh clone without shared/
        try (Demo demo = Demo.start(new Demo.Settings(Demo.Settings.LOOPBACK, 0, 10, 10, false, null, dir, 1))) {
            int port = demo.port();
            HttpResponse<String> index = get(port, "/");
            assertEquals(200, index.statusCode());
            assertTrue(index.body().contains("type=\"module\""), "the overview page loads its modules");
            for (String module : new String[] {"/js/overview.js", "/js/game.js", "/js/arbiter.js", "/js/connection.js"}) {
                HttpResponse<String> js = get(port, module);
                assertEquals(200, js.statusCode(), module);
                assertTrue(js.headers().firstValue("content-type").orElse("").contains("javascript"), module + " as JavaScript");
            }
            assertEquals(200, get(port, "/game.html").statusCode());
            assertEquals(11, plies(port).size(), "ten sensor boards and one notated board");

            // several games advance through emulator, serial line, driver, reconstruction and relay
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> plies(port).values().stream().filter(n -> n >= 4).count() >= 5);
            Map<String, Integer> earlier = plies(port);
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> {
                Map<String, Integer> now = plies(port);
                return now.entrySet().stream().filter(e -> e.getValue() > earlier.get(e.getKey())).count() >= 3;
            });
            // the notated board advances too, entered through /notate by the demo's phone client
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> plies(port).get(demo.notatedGameId()) >= 3);
            JsonNode notated = json.readTree(get(port, "/api/games/" + demo.notatedGameId()).body());
            assertEquals("NOTATED", notated.path("info").path("notation").asText());
            assertTrue(notated.path("plies").get(0).has("clock"), "entered with the remaining times");
            assertEquals(200, get(port, "/notate.html").statusCode());
        }
    }
}
