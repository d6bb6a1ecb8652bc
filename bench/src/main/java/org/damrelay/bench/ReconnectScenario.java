package org.damrelay.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** 18,000 spectators of one game reconnect at once with their last version while moves keep coming. */
final class ReconnectScenario implements Scenario {

    // a hot game moves every few seconds; at 5/s the 90,000 deliveries/s alone swamped this machine
    static final double MOVES_PER_SECOND = 0.5;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(1, Scenario.scaled(18_000, scale), 3, 0, 2000, 3, 400, relayJvm, workDir, true);
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        Rig.Round first = rig.connect(180);
        out.line("reconnect storm: %,d spectators on one game (%d failed at first connect)", first.ok(), first.failed());
        // a few moves first, so every spectator has a version to resume from
        for (int i = 0; i < 3; i++) rig.ingest.playOne("1");
        Drain.until(rig, 3L * first.ok(), 1000, 10_000);
        CompletableFuture<Long> moves = CompletableFuture.supplyAsync(
                () -> rig.ingest.play(MOVES_PER_SECOND, Duration.ofSeconds(60)));
        Thread.sleep(1000);
        rig.reset();
        Rig.Round storm = rig.connect(120);
        Rig.Window during = rig.window();
        rig.ingest.stop();
        long sent = moves.get();
        out.line("storm: %,d reconnected, %d failed, in %.2f s = %,.0f handshakes/s%s", storm.ok(), storm.failed(),
                storm.seconds(), storm.perSecond(), storm.firstError() == null ? "" : "; first failure: " + storm.firstError());
        out.line("live moves during the storm (%.1f/s, %d sent in all): %s", MOVES_PER_SECOND, sent,
                BenchReport.latency(during.micros()));
        out.line("| spectators | reconnected | failed | seconds | handshakes/s | live p50 ms | p99 ms | p99.9 ms | max ms |");
        out.line("|---|---|---|---|---|---|---|---|---|");
        out.line("| %,d | %,d | %d | %.2f | %,.0f %s", first.ok(), storm.ok(), storm.failed(), storm.seconds(),
                storm.perSecond(), BenchReport.latencyCells(during.micros()));
    }
}
