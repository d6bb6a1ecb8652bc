package org.damrelay.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** 19,500 idle spectators on one relay: handshake failures and process memory per connection. */
final class ConnectionsScenario implements Scenario {

    /** Fractions of the spectators connected at which memory is read. */
    static final double[] STEPS = {0.25, 0.5, 0.75, 1.0};
    /** How long the server settles (lazy allocations, GC, the C heap's trim) before a final memory reading. */
    private static final long SETTLE_MILLIS = 3000;

    @Override
    public Rig.Setup setup(double scale, Path workDir, List<String> relayJvm) {
        List<String> jvm = new ArrayList<>(relayJvm);
        jvm.add("-XX:NativeMemoryTracking=summary");  // to say where the resident memory goes
        return new Rig.Setup(100, Scenario.scaled(195, scale), 3, 0, 500, 3, 5, jvm, workDir, true);
    }

    @Override
    public void run(Rig rig, BenchReport out) throws Exception {
        long before = rig.relayRssIdleKb;
        long heapBefore = Jcmd.liveHeapBytes(rig.relay.pid(), rig.setup.workDir().resolve("relay-class-histogram-before.txt"));
        Files.writeString(rig.setup.workDir().resolve("relay-nmt-before.txt"), Jcmd.run(rig.relay.pid(), "VM.native_memory", "summary"));
        // on the way up, in quarters: memory against connections, not just at the end
        List<Results.RssPoint> rss = new ArrayList<>(List.of(new Results.RssPoint(0, before)));
        int ok = 0, failed = 0;
        double seconds = 0;
        String firstError = null;
        long after = before;
        for (double f : STEPS) {
            Rig.Round step = rig.grow(180, f);
            ok += step.ok();
            failed += step.failed();
            seconds += step.seconds();
            if (firstError == null) firstError = step.firstError();
            // let the server settle (lazy allocations, GC) before reading its memory
            Thread.sleep(f < 1 ? 1000 : SETTLE_MILLIS);
            after = rig.relay.rssKb();
            rss.add(new Results.RssPoint(ok, after));
        }
        Rig.Round r = new Rig.Round(ok, failed, seconds, firstError);
        out.line("connections: %,d of %,d subscribed, %d failed, in %.1f s (%.0f handshakes/s)%s", r.ok(),
                rig.setup.spectators(), r.failed(), r.seconds(), r.perSecond(),
                r.firstError() == null ? "" : "; first failure: " + r.firstError());
        out.line("%s RSS: %,d KB before, %,d KB with the connections: %,d bytes per connection", rig.server.label, before, after,
                r.ok() == 0 ? 0 : (after - before) * 1024 / r.ok());
        out.line("RSS on the way up: %s", String.join(", ", rss.stream()
                .map(p -> String.format(java.util.Locale.ROOT, "%,d connections %,d KB", p.connections(), p.rssKb())).toList()));
        long marginal = Results.Memory.marginal(rss);
        // the growth over all connections carries a fixed cost paid once, in the first quarter (the
        // connection path's compiled code and arenas, the young generation's pages first touched:
        // the bare broadcaster pays it too); what a spectator costs is the slope after it
        out.line("what one more connection adds (RSS slope from the first quarter on, least squares): %,d bytes;"
                + " fixed cost in the first quarter: %,d KB", marginal, rss.size() < 2 ? 0
                : rss.get(1).rssKb() - before - marginal * rss.get(1).connections() / 1024);
        out.memory = new Results.Memory(r.ok(), r.failed(), r.ok() == 0 ? 0 : (after - before) * 1024 / r.ok(), marginal, rss);
        // are they held, not just counted? one move on every game must reach every spectator
        rig.reset();
        int games = rig.setup.games();
        for (int b = 1; b <= games; b++) rig.ingest.playOne(String.valueOf(b));
        Rig.Window w = Drain.until(rig, r.ok(), 3000, 30_000);
        out.line("one move per game: %,d of %,d spectators received it; %s", w.updates(), r.ok(), BenchReport.latency(w.micros()));
        // settled as the reading above: what the spectators hold, not what compiling the burst's path
        // left in the C heap for a moment (trimmed every second, deploy/relay-jvm.options)
        Thread.sleep(SETTLE_MILLIS);
        long afterMove = rig.relay.rssKb();
        out.line("%s RSS after that fan-out: %,d KB (%,d bytes per connection)", rig.server.label, afterMove,
                r.ok() == 0 ? 0 : (afterMove - before) * 1024 / r.ok());
        long heapAfter = Jcmd.liveHeapBytes(rig.relay.pid(), rig.setup.workDir().resolve("relay-class-histogram.txt"));
        out.line("live Java objects (class histogram, after a full GC): %,d KB before, %,d KB with the connections:"
                + " %,d bytes per connection", heapBefore / 1024, heapAfter / 1024,
                r.ok() == 0 ? 0 : (heapAfter - heapBefore) / r.ok());
        String nmt = Jcmd.run(rig.relay.pid(), "VM.native_memory", "summary");
        Files.writeString(rig.setup.workDir().resolve("relay-nmt-after.txt"), nmt);
        for (String l : nmt.split("\n")) {
            if (l.matches("^(Total|-\s+(Java Heap|Class|Thread|Code|GC|Other|Internal|Metaspace|Arena Chunk)).*")) {
                out.line("    NMT %s", l.trim());
            }
        }
        out.line("| connections | failed | handshakes/s | RSS before (KB) | RSS after (KB) | bytes/connection | after one move each (bytes/connection) |");
        out.line("|---|---|---|---|---|---|---|");
        out.line("| %,d | %d | %.0f | %,d | %,d | %,d | %,d |", r.ok(), r.failed(), r.perSecond(), before, after,
                r.ok() == 0 ? 0 : (after - before) * 1024 / r.ok(), r.ok() == 0 ? 0 : (afterMove - before) * 1024 / r.ok());
    }
}
