package org.damrelay.bench;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.damrelay.app.demo.DemoGames;
import org.damrelay.app.demo.Demo;
import org.damrelay.app.demo.EmulatedHall;

/**
 * End to end: emulated boards play corpus games over serial lines, the real driver reconstructs
 * them and feeds the relay; latency from the driver's commit of a move (its {@code sentNanos}) to
 * a spectator's receipt, so it includes the driver's outbox fsync, the uplink, the relay's journal
 * fsync and the fan-out.
 */
final class IngestScenario implements Scenario {

    static final int BOARDS = 10, SECONDS = 60;
    static final double SPEED = 10;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        return new Rig.Setup(BOARDS, Scenario.scaled(100, scale), 1, 0, 500, 2, 0, relayJvm, workDir, false);
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        Rig.Round r = rig.connect(120);
        boolean ptys = Demo.socatAvailable();
        out.line("ingest end to end: %d emulated boards (%s, %sx speed, default noise) -> driver -> relay -> %,d spectators"
                + " (%d failed)", BOARDS, ptys ? "socat ptys" : "in-process lines", SPEED, r.ok(), r.failed());
        List<DemoGames.Board> boards = DemoGames.boards(DemoGames.pick(null, BOARDS), 1);
        rig.reset();
        try (EmulatedHall hall = EmulatedHall.start(boards, ptys, SPEED, 1, rig.setup.workDir().resolve("hall"),
                new EmulatedHall.Uplink(URI.create("ws://127.0.0.1:" + rig.port + "/ingest"), Rig.TOKEN, Rig.EVENT,
                        Rig.DRIVER, String::valueOf))) {
            Thread.sleep(SECONDS * 1000L);  // the boards play in real (accelerated) time: nothing to poll for
        }
        Rig.Window w = rig.window();
        int perGame = r.ok() / BOARDS;
        out.line("%,d deliveries (%,d moves at %d spectators per game) in %d s: %s", w.updates(),
                perGame == 0 ? 0 : w.updates() / perGame, perGame, SECONDS, BenchReport.latency(w.micros()));
        out.line("| boards | spectators | moves | p50 ms | p99 ms | p99.9 ms | max ms |");
        out.line("|---|---|---|---|---|---|---|");
        out.line("| %d | %,d | %,d %s", BOARDS, r.ok(), perGame == 0 ? 0 : w.updates() / perGame,
                BenchReport.latencyCells(w.micros()));
    }
}
