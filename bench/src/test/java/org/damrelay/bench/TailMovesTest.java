package org.damrelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.damrelay.bench.load.SlowMoves;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step's slow moves are kept per move, travel the generators' line protocol, and are set against the JVM pauses and other processes on their way. */
class TailMovesTest {

    @TempDir
    Path dir;

    @Test
    void keepsEachSlowMoveOnceWithItsLatestDeliveryAndCrossesTheLineProtocol() {
        SlowMoves here = new SlowMoves();
        here.record(1_000, 9_999); // under the bound: not slow
        here.record(1_000, 12_000);
        here.record(1_000, 15_000);
        here.record(2_000, 11_000);
        here.record(1_000, 13_000);
        assertEquals(2, here.size());
        assertEquals(List.of(new SlowMoves.Move(1_000, 15_000, 3), new SlowMoves.Move(2_000, 11_000, 1)), here.worst(5));
        assertEquals("1000:15000:3", here.encode(1), "only the worst asked for");

        SlowMoves merged = new SlowMoves();
        merged.addEncoded(here.encode(5));
        merged.addEncoded("1000:20000:2");
        merged.addEncoded("-");
        merged.atLeast(7);
        assertEquals(List.of(new SlowMoves.Move(1_000, 20_000, 5), new SlowMoves.Move(2_000, 11_000, 1)), merged.worst(5),
                "one move seen by two generators is one, with the later delivery and both counts");
        assertEquals(7, merged.size(), "a generator that counted more than it sent says so");
        here.clear();
        assertEquals(0, here.size());
    }

    @Test
    void namesThePauseThatOverlapsASlowMovesWayAndOnlyThat() throws Exception {
        Path log = dir.resolve("relay-gc.log");
        Files.writeString(log, """
                [2026-11-28T04:13:26.612+0000][0.003s] Using Serial
                [2026-11-28T04:14:05.010+0000][38.4s] GC(7) Pause Young (Allocation Failure) 36M->8M(90M) 4.512ms
                [2026-11-28T04:14:09.000+0000][42.4s] GC(8) Pause Full (System.gc()) 36M->8M(90M) 60.000ms
                [2026-11-28T04:14:09.000+0000][42.4s] Safepoint "GenCollectForAllocation", Time since last: 1 ns, Reaching safepoint: 1 ns, Cleanup: 1 ns, At safepoint: 60000000 ns, Total: 60000003 ns
                [2026-11-28T04:14:09.500+0000][42.9s] Safepoint "Cleanup", Time since last: 1 ns, Reaching safepoint: 1 ns, Cleanup: 1 ns, At safepoint: 1 ns, Total: 900000 ns
                [2026-11-28T04:14:11.020+0000][44.4s] Safepoint "ICBufferFull", Time since last: 1 ns, Reaching safepoint: 1 ns, Cleanup: 1 ns, At safepoint: 1 ns, Total: 3500000 ns
                """);
        GcPauses relay = GcPauses.read("relay", log);
        assertEquals(3, relay.pauses().size(), "two collections and the one other safepoint of 1 ms or more: " + relay.pauses());
        assertEquals("safepoint ICBufferFull", relay.pauses().get(2).kind());
        assertEquals(4.512, relay.pauses().get(0).millis(), 1e-9);
        assertEquals(List.of(), GcPauses.read("gone", dir.resolve("missing.log")).pauses(), "no log: no pauses, no failure");

        Instant now = Instant.parse("2026-11-28T04:14:10Z");
        long nowNanos = 50_000_000_000L;
        SlowMoves slow = new SlowMoves();
        // sent at 04:14:05.000, last delivered 12 ms later: the young pause (05.0055-05.010) lay on its way
        slow.record(nowNanos - 5_000_000_000L, 12_000);
        // sent at 04:14:07.000, 11 ms: no pause then
        slow.record(nowNanos - 3_000_000_000L, 11_000);
        String line = TailMoves.line(new TailMoves.Step("100", 400, 400 * 190, 190, slow), List.of(relay), OtherRuns.NONE, nowNanos, now);
        assertTrue(line.startsWith("moves over 10 ms at 100 moves/s: 2 of 400, 1 of the worst 2 in a JVM pause, 0 held up by another process; worst: 12"), line);
        assertTrue(line.contains("(1 deliveries over) in a relay young pause 4.5 ms"), line);
        assertEquals(1, line.split("pause 4.5").length - 1, "the second move names no pause: " + line);
        assertNull(TailMoves.line(new TailMoves.Step("50", 200, 200 * 190, 190, new SlowMoves()), List.of(relay), OtherRuns.NONE, nowNanos, now),
                "no slow move: no line");
    }

    @Test
    void readsOtherProcessesRunsFromTheTraceAndLeavesOutOursShortOnesAndTheFirstOnACore() throws Exception {
        // perf script -F pid,tid,cpu,time,trace --ns: the task switched out, the core, the time, the task switched in;
        // the supervisor's own switches away are missing from such traces: its run ends at the next switch recorded
        String script = """
                 7129/7129  [000] 100.000000000: prev_comm=perf prev_pid=7129 prev_prio=120 prev_state=S ==> next_comm=tokio-rt-worker next_pid=75 next_prio=110
                  500/510   [000] 100.019000000: prev_comm=epollEventLoopG prev_pid=510 prev_prio=115 prev_state=S ==> next_comm=C2 CompilerThre next_pid=520 next_prio=139
                  500/520   [000] 100.030000000: prev_comm=C2 CompilerThre prev_pid=520 prev_prio=139 prev_state=S ==> next_comm=bash foo next_pid=900 next_prio=120
                  900/900   [000] 100.031000000: prev_comm=bash foo prev_pid=900 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
                    0/0     [000] 100.500000000: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1 next_pid=58 next_prio=120
                  500/510   [001] 100.500000000: prev_comm=epollEventLoopG prev_pid=510 prev_prio=115 prev_state=S ==> next_comm=sleep next_pid=901 next_prio=120
                """;
        OtherRuns runs = OtherRuns.parse(new java.io.BufferedReader(new java.io.StringReader(script)), pid -> pid == 500 || pid == 0,
                tid -> tid == 75 ? 1 : tid);
        assertEquals(List.of(new OtherRuns.Run(100_000_000_000L, 100_019_000_000L, 0, "tokio-rt-worker", 1)), runs.runs(),
                "the supervisor's thread 75 (process 1) for 19 ms; the compiler is the relay's (500); bash ran 1 ms; idle is ours;"
                        + " the last switch on each core has no end");
        assertEquals("tokio-rt-worker (pid 1) 19.0 ms on core 0", runs.runs().get(0).describe());
        OtherRuns.Run later = new OtherRuns.Run(100_100_000_000L, 100_103_500_000L, 1, "tokio-rt-worker", 1);
        assertEquals("tokio-rt-worker (pid 1) 22.5 ms in 2 runs on core 0 and 1", OtherRuns.summary(List.of(runs.runs().get(0), later)));
        assertEquals(1, runs.during(100_018_000_000L, 100_040_000_000L).size());
        assertEquals(0, runs.during(100_019_000_001L, 100_040_000_000L).size());
        assertTrue(SchedTrace.kernelThread(2), "kthreadd");
        assertTrue(!SchedTrace.kernelThread(ProcessHandle.current().pid()), "this JVM is no kernel thread");
        assertEquals(ProcessHandle.current().pid(), SchedTrace.processOf(ProcessHandle.current().pid()));
    }

    @Test
    void aStepIsWithinTheBoundOnceTheMovesBehindAnotherProcessAreSetAside() {
        long t = 1_000_000_000_000L;
        OtherRuns burst = new OtherRuns(List.of(new OtherRuns.Run(t, t + 19_000_000, 1, "tokio-rt-worker", 1)));
        SlowMoves slow = new SlowMoves();
        // 100 moves to 10 spectators = 1,000 deliveries; 1% = 10 may be over
        for (int s = 0; s < 10; s++) slow.record(t + 2_000_000, 25_000);      // one move in the burst, all 10 late
        for (int s = 0; s < 8; s++) slow.record(t + 500_000_000, 11_000);     // another, later, 8 late: no process on its way
        TailMoves.Step step = new TailMoves.Step("100", 100, 1_000, 10, slow);
        assertEquals(Boolean.TRUE, TailMoves.withinAsideOthers(step, burst, true), "8 over of the 990 left");
        assertEquals(Boolean.FALSE, TailMoves.withinAsideOthers(step, OtherRuns.NONE, true), "18 over of 1,000 with nothing set aside");
        assertNull(TailMoves.withinAsideOthers(step, burst, false), "no trace: not known");
        // a 200 ms stall of the server's own that the 19 ms burst merely overlaps is not the burst's
        SlowMoves own = new SlowMoves();
        for (int s = 0; s < 10; s++) own.record(t + 2_000_000, 200_000);
        for (int s = 0; s < 10; s++) own.record(t + 7_000_000, 195_000);
        assertEquals(Boolean.FALSE, TailMoves.withinAsideOthers(new TailMoves.Step("100", 100, 1_000, 10, own), burst, true),
                "less the burst's 17 and 12 ms on their way they are still 183 and 183 ms late: 20 over of 1,000");
        assertEquals(Boolean.FALSE, TailMoves.withinAsideOthers(new TailMoves.Step("100", 100, 1_000, 10, own), OtherRuns.NONE, true),
                "and as many over with nothing set aside");
        // two runs on the two cores at once count once: 19 ms held, not 38
        OtherRuns both = new OtherRuns(List.of(burst.runs().get(0), new OtherRuns.Run(t, t + 19_000_000, 0, "tokio-rt-worker", 1)));
        assertEquals(19_000_000, both.heldNanos(t - 5_000_000, t + 40_000_000));
        assertEquals(9_000_000, both.heldNanos(t + 10_000_000, t + 40_000_000), "clipped to the move's way");
        for (int s = 0; s < 3; s++) slow.record(t + 600_000_000, 11_000);
        assertEquals(Boolean.FALSE, TailMoves.withinAsideOthers(step, burst, true), "11 over of the 990 left");
        SlowMoves many = new SlowMoves();
        many.atLeast(TailMoves.ASKED + 1);
        many.record(t + 500_000_000, 11_000);
        assertNull(TailMoves.withinAsideOthers(new TailMoves.Step("300", 1_200, 12_000, 10, many), burst, true),
                "a generator had more slow moves than it sent: not known");
    }
}
