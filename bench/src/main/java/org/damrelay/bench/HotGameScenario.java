package org.damrelay.bench;

import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;

/** 18,000 spectators of one game: how long until the last one has a move. */
final class HotGameScenario implements Scenario {

    static final int MOVES = 10;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(1, Scenario.scaled(18_000, scale), 1, 0, 500, 9, 400, relayJvm, workDir, true)
                .withWarmUpBoards(FanoutScenario.warmUpBoards(scale));
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        Rig.Round r = rig.connect(180);
        out.line("hot game: %,d spectators on one game (%d failed)", r.ok(), r.failed());
        // a relay in a hall has played games before the one everybody watches (the fan-out's reason)
        FanoutScenario.warmUpGames(rig, out);
        FanoutScenario.jitSettled(rig, out);
        Histogram last = new Histogram(3);
        out.line("%s (load CPU: over the move's wall time, from its send to the last receipt or the drain's end)", Results.LoadSide.RULE);
        out.line("| move | received | first ms | median ms | last ms | load on CPU | load waiting | load-bound |");
        out.line("|---|---|---|---|---|---|---|---|");
        for (int k = 1; k <= MOVES; k++) {
            rig.reset();
            ProcessCpu load0 = rig.loadCpu();
            long t0 = System.nanoTime();
            if (!rig.ingest.playOne("1")) break;
            Rig.Window w = Drain.until(rig, r.ok(), 2000, 15_000);
            Results.LoadSide load = Results.LoadSide.of(rig.loadCpu().minus(load0), System.nanoTime() - t0);
            Histogram h = w.micros();
            out.line("| %d | %,d | %s | %s | %s | %s |", k, w.updates(), BenchReport.ms(h.getMinValue()),
                    BenchReport.ms(h.getValueAtPercentile(50)), BenchReport.ms(h.getMaxValue()), load.cells());
            boolean complete = w.updates() == r.ok();
            out.hot.add(new Results.HotMove(k, w.updates(), complete, BenchReport.millis(h.getMinValue()),
                    BenchReport.millis(h.getValueAtPercentile(50)), BenchReport.millis(h.getMaxValue()), load));
            if (complete) last.recordValue(h.getMaxValue());
            Thread.sleep(500);  // moves of one game come seconds apart: measure each on its own
        }
        out.line("time until the last spectator has the move, over %d moves: median %s ms, max %s ms", last.getTotalCount(),
                BenchReport.ms(last.getValueAtPercentile(50)), BenchReport.ms(last.getMaxValue()));
    }
}
