package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.ClusterState;
import org.damrelay.proto.ClusterStateRequest;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.damrelay.relay.it.WsClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figures behind docs/scaling.md's sizing (not a test of behaviour: it prints them). Runs only
 * with {@code -Ddamrelay.measure=true}:
 * {@code mvn -B -o -q -pl relay-server -am verify -Dtest=ClusterSizingMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Ddamrelay.measure=true}
 * Bounded: one game of 40 moves, a synthetic log of 100 games x 300 updates, 2,000 idle
 * WebSockets through nginx; loopback only.
 */
@EnabledIfSystemProperty(named = "damrelay.measure", matches = "true")
class ClusterSizingMeasurement {

    @TempDir Path dir;

    @Test
    void measure() throws Exception {
        try (ClusterRig rig = ClusterRig.start(dir, 0, 2);
             TestDriver driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(rig.origin.port())) {
            for (var m : Plays.line(40, 5)) driver.sendDurable("101", Plays.event(m));
            await().atMost(Duration.ofSeconds(60)).until(() -> TestRelay.onRelay(rig.edge(0), "nk-r1-b1", g -> g.version()) >= 40);

            // Redis: bytes per entry as sent, and as Redis holds them
            RedisClient client = RedisClient.create(rig.redis.uri());
            try (StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
                List<StreamMessage<String, byte[]>> all = c.sync().xrange("damrelay:updates", Range.create("-", "+"));
                long fieldBytes = 0;
                for (StreamMessage<String, byte[]> m : all) for (Map.Entry<String, byte[]> f : m.getBody().entrySet()) fieldBytes += f.getKey().length() + f.getValue().length;
                Long memory = c.sync().memoryUsage("damrelay:updates");
                System.out.printf("MEASURE redis: %d entries, %.0f bytes of fields per entry, %.0f bytes of Redis memory per entry%n",
                        all.size(), (double) fieldBytes / all.size(), (double) memory / all.size());
            } finally {
                client.shutdown();
            }

            // the origin's answers: real updates of that game, as a log of 100 games x 300 updates
            HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rig.origin.port()
                    + "/cluster/state")).header("Authorization", "Bearer " + ClusterRig.TOKEN).POST(HttpRequest.BodyPublishers.ofByteArray(
                    ClusterStateRequest.getDefaultInstance().toByteArray())).build(), HttpResponse.BodyHandlers.ofByteArray());
            List<GameUpdate> sample = ClusterState.parseFrom(r.body()).getGamesList().stream()
                    .filter(g -> g.getInitialInfo().getGameId().equals("nk-r1-b1")).findFirst().orElseThrow().getUpdatesList();
            OriginLog log = new OriginLog(ClusterRig.TOKEN, 1);
            Map<String, Integer> lacksOne = new HashMap<>(), lacksTen = new HashMap<>();
            for (int g = 0; g < 100; g++) {
                GameInfo info = GameInfo.newBuilder().setGameId("g" + g).build();
                for (int v = 1; v <= 300; v++) {
                    log.released(sample.get((v - 1) % sample.size()).toBuilder().setGameId("g" + g).setVersion(v).build(), info, true);
                }
                lacksOne.put("g" + g, 299);
                lacksTen.put("g" + g, 290);
            }
            for (var known : List.of(Map.<String, Integer>of(), lacksTen, lacksOne)) {
                byte[] ask = ClusterStateRequest.newBuilder().putAllKnown(known).build().toByteArray();
                long[] nanos = new long[21];
                int size = 0;
                for (int i = 0; i < nanos.length; i++) {
                    long t = System.nanoTime();
                    size = log.state(ask).length;
                    nanos[i] = System.nanoTime() - t;
                }
                Arrays.sort(nanos);
                System.out.printf("MEASURE state of 100 games x 300 updates, edge lacking %s: %,d bytes, median %.2f ms to build%n",
                        known.isEmpty() ? "all" : known == lacksTen ? "10 per game" : "1 per game", size, nanos[10] / 1e6);
            }
            log.close();

            // nginx: resident memory per idle spectator WebSocket it carries
            try (LocalNginx nginx = LocalNginx.start(dir.resolve("nginx"), rig.origin.port(), List.of(rig.edge(0).port(), rig.edge(1).port()))) {
                long before = nginx.workersRss();
                List<WsClient> sockets = new ArrayList<>();
                try {
                    for (int a = 0; a < 40; a++) {
                        for (int i = 0; i < 50; i++) {
                            String from = "127.0.1." + (a + 2);
                            sockets.add(WsClient.connect(nginx.port, "/ws", new DefaultHttpHeaders(), 1 << 16,
                                    b -> b.localAddress(new InetSocketAddress(from, 0))));
                        }
                    }
                    assertTrue(sockets.stream().allMatch(WsClient::open));
                    long after = nginx.workersRss();
                    System.out.printf("MEASURE nginx: %d WebSockets, worker RSS %,d -> %,d bytes: %.1f KB per proxied WebSocket%n",
                            sockets.size(), before, after, (after - before) / 1024.0 / sockets.size());
                } finally {
                    sockets.forEach(WsClient::close);
                }
            }
        }
    }
}
