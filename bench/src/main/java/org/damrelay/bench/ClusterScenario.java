package org.damrelay.bench;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.util.List;

/**
 * The same load on one relay, then on an origin with two edge relays fed through Redis, the
 * spectators spread over the edges: deliveries per second and latency side by side. Latency is
 * from the move's scheduled send to its receipt in both, so the difference is the Redis hop and
 * the edge (the origin releases at once: no broadcast delay here).
 */
final class ClusterScenario implements Scenario {

    /** 5 moves/s first: the Redis hop's own cost, before the load hides it. */
    static final double[] RATES = {5, 100, 200, 400};

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(20, Scenario.scaled(200, scale), 2, 0, 500, 3, 400, relayJvm, workDir, true, 2);
    }

    @Override
    public void run(Rig cluster, BenchReport out) throws Exception {
        out.line("%s", Results.LoadSide.RULE);
        out.line("| setup | moves/s offered | deliveries/s offered | deliveries/s sustained | received/expected | p50 ms | p99 ms | p99.9 ms | max ms"
                + " | load on CPU | load waiting | load-bound |");
        out.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
        try (Rig single = new Rig(cluster.setup.single(cluster.setup.workDir().resolve("single")), cluster.pinned)) {
            measure(single, "one relay", out);
        }
        measure(cluster, "origin + " + cluster.edges.size() + " edges", out);
        try (RedisClient client = RedisClient.create(cluster.redis.uri());
             StatefulRedisConnection<String, String> c = client.connect()) {
            String stats = c.sync().info("stats");
            out.line("Redis carried: %s stream entries now; %s commands, %s bytes out in all (updates x edges, not x spectators)",
                    c.sync().xlen("damrelay:updates"), field(stats, "total_commands_processed"), field(stats, "total_net_output_bytes"));
        }
    }

    private static void measure(Rig rig, String label, BenchReport out) throws Exception {
        Rig.Round r = rig.connect(120);
        int perGame = r.ok() / rig.setup.games();
        if (r.failed() > 0) out.line("(%s: %d spectators failed to connect: %s)", label, r.failed(), r.firstError());
        for (double rate : RATES) {
            if (rig.ingest.remaining() < rate * FanoutScenario.stepSeconds()) break;
            if (!FanoutScenario.step(rig, rate, perGame, label + " (" + r.ok() + " spectators) | ", out)) break;
        }
    }

    private static String field(String info, String name) {
        return info.lines().filter(l -> l.startsWith(name + ":")).map(l -> l.substring(name.length() + 1).trim()).findFirst().orElse("?");
    }
}
