package org.damrelay.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs of processes other than the bench's on the host's cores, from a scheduler trace
 * ({@link SchedTrace}): on this kind of host a supervisor at a raised priority takes a core for
 * ~20 ms every few seconds (round 10), and a move on its way then reaches no spectator in time,
 * whichever server runs. Times are on the monotonic clock, which is {@code System.nanoTime()}'s
 * in every JVM of the host, so a slow move is looked up by its own stamps.
 */
record OtherRuns(List<Run> runs) {

    /** Shorter runs are the ordinary sharing of a core (a shell, a timer) and delay nothing measurable. */
    static final long MIN_NANOS = 2_000_000;

    /** One process on one core from {@code startNanos} to {@code endNanos} without a switch. */
    record Run(long startNanos, long endNanos, int cpu, String comm, long pid) {
        double millis() { return (endNanos - startNanos) / 1e6; }

        String who() {
            return String.format(Locale.ROOT, "%s (pid %d)", comm, pid);
        }

        String describe() {
            return String.format(Locale.ROOT, "%s %.1f ms on core %d", who(), millis(), cpu);
        }
    }

    static final OtherRuns NONE = new OtherRuns(List.of());

    /**
     * {@code perf script -F pid,tid,cpu,time,trace --ns} of sched_switch: the task switched out
     * (pid/tid), the core, the time, and the task switched in (next_comm, next_pid: a thread id).
     */
    private static final Pattern LINE = Pattern.compile(
            "^\\s*(\\d+)/(\\d+)\\s+\\[(\\d+)\\]\\s+(\\d+)\\.(\\d{9}):.*==> next_comm=(.*) next_pid=(\\d+) next_prio=.*$");

    /**
     * The runs of at least {@link #MIN_NANOS} by processes {@code ours} does not claim. A run is
     * from the switch that put a thread on a core to the next switch recorded there: on this
     * kind of host the switches away from the supervisor's threads are not in the trace (the
     * thread that ran next appears only when it leaves), so such a run is an upper bound, which
     * can only set a move aside that it did not hold up, never hide one it did.
     *
     * @param ours  true for the bench's processes, the idle task and kernel threads (a pid)
     * @param tgid  a thread's process, for threads that never left a core in the trace
     */
    static OtherRuns parse(BufferedReader script, LongPredicate ours, LongUnaryOperator tgid) throws IOException {
        // a thread on a core since a switch; its run's owner is known only once the whole trace is read
        record On(long tid, String comm, long since) {}
        Map<Integer, On> onCore = new HashMap<>();
        Map<Long, Long> processOf = new HashMap<>();
        List<Run> byThread = new ArrayList<>();  // pid holds the thread id until resolved below
        for (String line; (line = script.readLine()) != null; ) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) continue;
            processOf.put(Long.parseLong(m.group(2)), Long.parseLong(m.group(1)));
            int cpu = Integer.parseInt(m.group(3));
            long t = Long.parseLong(m.group(4)) * 1_000_000_000L + Long.parseLong(m.group(5));
            On before = onCore.put(cpu, new On(Long.parseLong(m.group(7)), m.group(6), t));
            if (before != null && t - before.since() >= MIN_NANOS) byThread.add(new Run(before.since(), t, cpu, before.comm(), before.tid()));
        }
        List<Run> out = new ArrayList<>();
        for (Run r : byThread) {
            long pid = r.pid() == 0 ? 0 : processOf.computeIfAbsent(r.pid(), tgid::applyAsLong);
            if (!ours.test(pid)) out.add(new Run(r.startNanos(), r.endNanos(), r.cpu(), r.comm(), pid));
        }
        return new OtherRuns(List.copyOf(out));
    }

    /** Runs as few words: per process, its time in them and on which cores ("tokio-rt-worker (pid 1) 26.9 ms in 5 runs on core 1"). */
    static String summary(List<Run> runs) {
        Map<String, double[]> byProcess = new java.util.LinkedHashMap<>();
        Map<String, java.util.SortedSet<Integer>> coresOf = new HashMap<>();
        for (Run r : runs) {
            String who = r.who();
            double[] t = byProcess.computeIfAbsent(who, k -> new double[2]);
            t[0] += r.millis();
            t[1]++;
            coresOf.computeIfAbsent(who, k -> new java.util.TreeSet<>()).add(r.cpu());
        }
        List<String> out = new ArrayList<>();
        byProcess.forEach((who, t) -> out.add(String.format(Locale.ROOT, "%s %.1f ms in %d run%s on core %s", who, t[0], (int) t[1],
                t[1] == 1 ? "" : "s", coresOf.get(who).stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" and ")))));
        return String.join(" and ", out);
    }

    /** How long, within [fromNanos, toNanos], some other process held a core (the union over both cores, so never counted twice). */
    long heldNanos(long fromNanos, long toNanos) {
        List<long[]> spans = new ArrayList<>();
        for (Run r : during(fromNanos, toNanos)) spans.add(new long[] {Math.max(r.startNanos(), fromNanos), Math.min(r.endNanos(), toNanos)});
        spans.sort(java.util.Comparator.comparingLong(x -> x[0]));
        long held = 0, end = Long.MIN_VALUE;
        for (long[] x : spans) {
            long from = Math.max(x[0], end);
            if (x[1] > from) held += x[1] - from;
            end = Math.max(end, x[1]);
        }
        return held;
    }

    /** The runs that overlap [fromNanos, toNanos]. */
    List<Run> during(long fromNanos, long toNanos) {
        return runs.stream().filter(r -> r.endNanos() >= fromNanos && r.startNanos() <= toNanos).toList();
    }
}
