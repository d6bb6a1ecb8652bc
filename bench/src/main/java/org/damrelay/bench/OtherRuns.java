package org.damrelay.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;
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

        String describe() {
            return String.format(Locale.ROOT, "%s (pid %d) %.1f ms on core %d", comm, pid, millis(), cpu);
        }
    }

    static final OtherRuns NONE = new OtherRuns(List.of());

    /** {@code perf script -F comm,pid,tid,cpu,time --ns} of sched_switch: each line is the task switched out, at that time. */
    private static final Pattern LINE = Pattern.compile("^\\s*(.*?)\\s+(\\d+)/(\\d+)\\s+\\[(\\d+)\\]\\s+(\\d+)\\.(\\d{9}):.*$");

    /**
     * The runs of at least {@link #MIN_NANOS} by processes {@code ours} does not claim: a task
     * switched out at time t ran since the previous switch on its core.
     *
     * @param ours true for the bench's processes, the idle task and kernel threads (pid)
     */
    static OtherRuns parse(BufferedReader script, LongPredicate ours) throws IOException {
        Map<Integer, Long> lastSwitch = new HashMap<>();
        List<Run> out = new ArrayList<>();
        for (String line; (line = script.readLine()) != null; ) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) continue;
            int cpu = Integer.parseInt(m.group(4));
            long t = Long.parseLong(m.group(5)) * 1_000_000_000L + Long.parseLong(m.group(6));
            Long since = lastSwitch.put(cpu, t);
            long pid = Long.parseLong(m.group(2));
            if (since != null && t - since >= MIN_NANOS && !ours.test(pid)) out.add(new Run(since, t, cpu, m.group(1), pid));
        }
        return new OtherRuns(List.copyOf(out));
    }

    /** The runs that overlap [fromNanos, toNanos]. */
    List<Run> during(long fromNanos, long toNanos) {
        return runs.stream().filter(r -> r.endNanos() >= fromNanos && r.startNanos() <= toNanos).toList();
    }
}
