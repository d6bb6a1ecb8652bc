package org.damrelay.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** 1% of spectators stop reading: the others' latency, before and after, and the relay's memory meanwhile. */
final class SlowConsumersScenario implements Scenario {

    static final double MOVES_PER_SECOND = 100;  // one the fan-out run showed the relay sustaining here
    static final int PHASE_SECONDS = 10;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(100, Scenario.scaled(190, scale), 3, 100, 500, 3, 400, relayJvm, workDir, true);
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        Rig.Round r = rig.connect(180);
        int perGame = r.ok() / rig.setup.games();
        out.line("slow consumers: %,d spectators on %d games, every 100th will stop reading", r.ok(), rig.setup.games());
        // a first phase warms the relay's JIT and heap up; only the next two are compared
        Rig.Window warmUp = phase(rig, perGame, 1.0);
        out.line("warm-up:          %,d updates, %s", warmUp.updates(), BenchReport.latency(warmUp.micros()));
        Rig.Window before = phase(rig, perGame, 1.0);
        long rssBefore = rig.relay.rssKb();
        rig.stall();
        AtomicLong maxRss = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> maxRss.accumulateAndGet(rig.relay.rssKb(), Math::max), 0, 250, TimeUnit.MILLISECONDS);
        Rig.Window after;
        try {
            after = phase(rig, perGame, 0.99);
        } finally {
            sampler.shutdownNow();
        }
        long p99Before = before.micros().getValueAtPercentile(99), p99After = after.micros().getValueAtPercentile(99);
        out.line("all reading:      %,d updates, %s", before.updates(), BenchReport.latency(before.micros()));
        out.line("1%% not reading:  %,d updates, %s", after.updates(), BenchReport.latency(after.micros()));
        out.line("p99 ratio after/before: %.2f; relay RSS %,d KB before the stall, at most %,d KB while stalled;"
                        + " connections cut by the relay: %d", p99Before == 0 ? 0 : (double) p99After / p99Before, rssBefore,
                maxRss.get(), after.closedAfterSubscribe());
        out.line("| phase | updates | p50 ms | p99 ms | p99.9 ms | max ms | relay RSS KB |");
        out.line("|---|---|---|---|---|---|---|");
        out.line("| all reading | %,d %s %,d |", before.updates(), BenchReport.latencyCells(before.micros()), rssBefore);
        out.line("| 1%% stalled | %,d %s %,d (max) |", after.updates(), BenchReport.latencyCells(after.micros()), maxRss.get());
    }

    private static Rig.Window phase(Rig rig, int perGame, double readingShare) throws Exception {
        rig.reset();
        long sent = rig.ingest.play(MOVES_PER_SECOND, Duration.ofSeconds(PHASE_SECONDS));
        return Drain.until(rig, (long) (sent * perGame * readingShare), 1500, 10_000);
    }
}
