package org.damrelay.app.demo;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.notation.PdnGame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's match ends as a real round does: the sensor board's result is entered by the demo's
 * arbiter (DemoMonitor), and the board without sensors gets its result confirmed by both players
 * on the phone (DemoNotator, through /notate), so every game of the round is finished (the match
 * report's "final") and no clock ticks on for spectators.
 */
@Timeout(300)
class DemoMatchEndsTest {

    @TempDir Path dir;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    private JsonNode round(int port) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/events/" + Demo.EVENT + "/rounds/1"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return json.readTree(r.body());
    }

    @Test
    void theNotatedBoardGetsTheResultBothPlayersConfirmAndTheMatchEndsFinal() throws Exception {
        // one sensor board and the notated one, fast: the bundled games as a fresh clone has them
        List<PdnGame> games = DemoGames.pick(null, 2);
        try (Demo demo = Demo.start(new Demo.Settings(Demo.Settings.LOOPBACK, 0, 1, 200, false, null, dir, 1));
             DemoMonitor monitor = new DemoMonitor(demo, new PrintWriter(Writer.nullWriter()), false, List.of())) {
            monitor.start();
            int port = demo.port();
            await().atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofSeconds(1)).until(() -> {
                for (JsonNode g : round(port).path("games")) if (g.path("result").asText("").isEmpty()) return false;
                return true;
            });
            List<String> results = new ArrayList<>();
            for (JsonNode g : round(port).path("games")) results.add(g.path("info").path("gameId").asText() + " " + g.path("result").asText());
            assertEquals(List.of(Demo.EVENT + "-r1-b1 " + DemoMonitor.resultOf(games.get(0).result()).name(),
                    demo.notatedGameId() + " " + DemoMonitor.resultOf(games.get(1).result()).name()), results);
            JsonNode notated = null;
            for (JsonNode g : round(port).path("games")) if (g.path("info").path("gameId").asText().equals(demo.notatedGameId())) notated = g;
            assertEquals(games.get(1).plies().size(), notated.path("plies").size(), "every move entered before the result");
            assertEquals("NOTATED", notated.path("info").path("notation").asText());
        }
    }
}
