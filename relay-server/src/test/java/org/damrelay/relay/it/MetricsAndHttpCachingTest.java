package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.relay.RelayServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /metrics as Prometheus and Grafana expect it, and the state views' caching and compression. */
class MetricsAndHttpCachingTest {

    @TempDir Path dir;
    RelayServer relay;
    TestDriver driver;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        relay = RelayServer.start(TestRelay.config(dir, 0));
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port());
    }

    @AfterEach
    void stop() {
        driver.close();
        relay.close();
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + path)).timeout(Duration.ofSeconds(10));
        for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private String metrics() throws Exception {
        return new String(get("/metrics").body(), StandardCharsets.UTF_8);
    }

    @Test
    void everySeriesKnownInAdvanceIsThereAtStartWithItsHelpAndLatenciesAreHistogramsInSeconds() throws Exception {
        String m = metrics();
        for (String series : List.of("damrelay_connections{kind=\"spectator\"} 0", "damrelay_connections_gone_total{kind=\"driver\"} 0",
                "damrelay_connections_errors_total{kind=\"arbiter\",reason=\"protocol\"} 0", "damrelay_alerts_total{type=\"ILLEGAL_MOVE\"} 0",
                "damrelay_board_connected{game=\"nk-r1-b1\"} 0", "damrelay_journal_fsync_seconds_bucket{le=",
                "damrelay_delivery_latency_seconds_bucket{le=", "damrelay_fanout_duration_seconds_bucket{le=",
                "damrelay_ingest_written_seconds_bucket{le=")) {
            assertTrue(m.contains(series), series + " missing from /metrics:\n" + m);
        }
        for (String line : m.lines().toList()) {
            if (line.startsWith("# HELP ")) assertTrue(line.split(" ", 4).length == 4 && !line.split(" ", 4)[3].isBlank(), "empty HELP: " + line);
        }
        long families = m.lines().filter(l -> l.startsWith("# TYPE damrelay_")).count();
        long helps = m.lines().filter(l -> l.startsWith("# HELP damrelay_")).count();
        assertEquals(families, helps, "a HELP line for every meter");
        assertTrue(!m.contains("_ms{") && !m.contains("quantile="), "seconds, not milliseconds; buckets, not summaries");

        List<Move> moves = Plays.line(3, 0);
        for (Move mv : moves) driver.send("101", Plays.event(mv));
        await().atMost(Duration.ofSeconds(30)).until(() -> metrics().contains("damrelay_board_connected{game=\"nk-r1-b1\"} 1"));
        // each accepted event timed once from its read on the ingest socket to written
        await().atMost(Duration.ofSeconds(30)).until(() -> TestRelay.metric(metrics(), "damrelay_ingest_written_seconds_count") == moves.size());
        assertTrue(metrics().contains("damrelay_ingest_lag_seconds{board=\"hall/101\"}"));
        driver.send("101", GameEvent.newBuilder().setType(EventType.BOARD_DISCONNECTED).setText("the connection to the board dropped").build());
        await().atMost(Duration.ofSeconds(30)).until(() -> metrics().contains("damrelay_board_connected{game=\"nk-r1-b1\"} 0")
                && metrics().contains("damrelay_alerts_total{type=\"BOARD_DISCONNECTED\"} 1"));
    }

    @Test
    void stateViewsCarryAnEtagAnswer304WhenUnchangedAndCompressForClientsThatAsk() throws Exception {
        for (Move mv : Plays.line(6, 0)) driver.send("101", Plays.event(mv));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.acked("101") == 6);
        for (String path : List.of("/api/events/nk/rounds/1", "/pdn/nk-r1-b1.pdn", "/api/events/nk")) {
            HttpResponse<byte[]> first = get(path);
            assertEquals(200, first.statusCode(), path);
            String etag = first.headers().firstValue("ETag").orElseThrow(() -> new AssertionError(path + " has no ETag"));
            HttpResponse<byte[]> again = get(path, "If-None-Match", etag);
            assertEquals(304, again.statusCode(), path);
            assertEquals(0, again.body().length);
        }
        HttpResponse<byte[]> zipped = get("/api/events/nk/rounds/1", "Accept-Encoding", "gzip");
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(""));
        String json = new String(new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{\"eventId\":\"nk\",\"round\":1,\"games\":["), json);

        // a changed game changes the tag
        String before = get("/pdn/nk-r1-b1.pdn").headers().firstValue("ETag").orElseThrow();
        driver.send("101", Plays.event(Plays.line(7, 0).get(6)));
        await().atMost(Duration.ofSeconds(30)).until(() -> !get("/pdn/nk-r1-b1.pdn").headers().firstValue("ETag").orElseThrow().equals(before));

        assertEquals(404, get("/api/events/nk/rounds/9").statusCode(), "a round without games is not found, not empty");
        assertEquals(404, get("/pdn/nk/round/9.pdn").statusCode());
        assertEquals(404, get("/pdn/nk-r9-b1.pdn").statusCode());
    }
}
