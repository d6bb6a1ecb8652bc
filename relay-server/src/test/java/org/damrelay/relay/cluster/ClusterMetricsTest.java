package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an origin and an edge export at /metrics: each its role's cluster meters, the JVM's and
 * the process's, no journal meters on an edge; and the text passes {@code promtool check
 * metrics} (Debian's prometheus package; .ci/run installs it).
 */
class ClusterMetricsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir Path dir;
    ClusterRig rig;
    TestDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) driver.close();
        if (rig != null) rig.close();
    }

    private static String metrics(int port) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void eachRoleExportsItsClusterMetersAndTheJvmsAndPromtoolTakesThem() throws Exception {
        rig = ClusterRig.start(dir, 0, 1);
        driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port());
        for (var m : Plays.line(4, 3)) driver.sendDurable("101", Plays.event(m));
        await().atMost(WAIT).until(() -> TestRelay.onRelay(rig.edge(0), "nk-r1-b1", g -> g.version()) == 4);

        await().atMost(WAIT).until(() -> TestRelay.metric(metrics(rig.origin.port()), "damrelay_cluster_redis_appends_total") >= 4
                && TestRelay.metric(metrics(rig.origin.port()), "damrelay_cluster_stream_length") >= 4);
        System.gc();   // the GC meters register at the first collection
        String origin = metrics(rig.origin.port());
        assertEquals(0, TestRelay.metric(origin, "damrelay_cluster_redis_append_failures_total"));
        assertTrue(origin.contains("damrelay_journal_fsync_seconds_count"), "the origin journals");

        String edge = metrics(rig.edge(0).port());
        assertEquals(1, TestRelay.metric(edge, "damrelay_cluster_feed_state{state=\"following\"}"));
        assertEquals(0, TestRelay.metric(edge, "damrelay_cluster_feed_state{state=\"following_origin\"}"));
        assertTrue(TestRelay.metric(edge, "damrelay_cluster_resyncs_total") >= 1);
        assertTrue(TestRelay.metric(edge, "damrelay_cluster_feed_lag_seconds_count") >= 1, "the four moves came over the stream");
        assertFalse(edge.contains("damrelay_journal_fsync"), "an edge has no journal");
        assertFalse(edge.contains("damrelay_cluster_redis_appends"), "an edge appends nothing");
        for (String text : new String[] {origin, edge}) {
            for (String jvm : new String[] {"jvm_memory_used_bytes", "jvm_gc_pause_seconds", "jvm_threads_live_threads", "process_cpu_usage",
                    "process_files_open_files", "process_uptime_seconds", "damrelay_connections{kind=\"spectator\"}"}) {
                assertTrue(text.contains(jvm), jvm + " missing");
            }
        }
        promtool(origin);
        promtool(edge);

        // the cluster dashboard asks only for series that exist
        String dashboard = Files.readString(Path.of("..", "deploy", "grafana", "damrelay-cluster.json"));
        Matcher names = Pattern.compile("\\b((?:damrelay|jvm|process)_[a-z_]+?)(?:_bucket|_sum)?\\{").matcher(dashboard);
        int asked = 0;
        while (names.find()) {
            asked++;
            String name = names.group(1);
            assertTrue(origin.contains(name) || edge.contains(name), "the dashboard asks for " + name + ", which no relay exports");
        }
        assertTrue(asked >= 10, "found the dashboard's queries: " + asked);
    }

    /** {@code promtool check metrics}: the exposition format and Prometheus's naming rules (HELP, units, _total). */
    private void promtool(String metrics) throws Exception {
        Path bin = Path.of("/usr/bin/promtool");
        assumeTrue(Files.isExecutable(bin), "promtool (Debian's package prometheus) is not installed: .ci/run installs it");
        Process p = new ProcessBuilder(bin.toString(), "check", "metrics").redirectErrorStream(true).start();
        p.getOutputStream().write(metrics.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "promtool check metrics:\n" + out);
    }
}
