package org.damrelay.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

/**
 * A scheduler trace of every core while a scenario's steps run ({@code perf record} of
 * sched_switch on the monotonic clock), read back as the {@link OtherRuns} of processes that are
 * not the bench's. Where perf is missing or not allowed (not root, perf_event_paranoid) the run
 * goes on without it and the report says why ({@code unavailable}: why there is no trace, or null).
 */
record SchedTrace(Process perf, Path data, String unavailable) {

    static SchedTrace start(Path dir) throws InterruptedException {
        Path data = dir.resolve("sched.data"), log = dir.resolve("perf-record.log");
        try {
            Process p = new ProcessBuilder("perf", "record", "-q", "-e", "sched:sched_switch", "-a", "-k", "monotonic", "-o", data.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // a refusal comes at once; past this, perf is tracing before the first step begins
            if (p.waitFor(500, TimeUnit.MILLISECONDS)) return new SchedTrace(null, data, "perf record exited: " + firstLine(log));
            return new SchedTrace(p, data, null);
        } catch (IOException e) {
            return new SchedTrace(null, data, "no perf on this machine (" + e.getMessage() + ")");
        }
    }

    /**
     * Ends the trace and reads it: the runs of processes {@code ours} does not claim (the idle task
     * and kernel threads are always claimed: they do the bench's own I/O). The raw trace is
     * deleted (tens of MB); the runs found are kept in other-processes.txt beside it.
     */
    OtherRuns stop(LongPredicate ours) throws IOException, InterruptedException {
        if (perf == null) return OtherRuns.NONE;
        perf.destroy();  // SIGTERM: perf writes its file out and exits
        if (!perf.waitFor(20, TimeUnit.SECONDS)) {
            perf.destroyForcibly();
            return OtherRuns.NONE;
        }
        LongPredicate claimed = pid -> pid == 0 || pid == perf.pid() || ours.test(pid) || kernelThread(pid);
        Process script = new ProcessBuilder("perf", "script", "-i", data.toString(), "-F", "pid,tid,cpu,time,trace", "--ns")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        OtherRuns runs;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
            runs = OtherRuns.parse(r, claimed, SchedTrace::processOf);
        }
        script.waitFor(20, TimeUnit.SECONDS);
        Files.deleteIfExists(data);
        Files.write(data.resolveSibling("other-processes.txt"), runs.runs().stream()
                .map(x -> x.startNanos() + " " + x.describe()).toList());
        return runs;
    }

    /** The process (thread group) of thread {@code tid}; the thread itself when it is gone. */
    static long processOf(long tid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", String.valueOf(tid), "status"))) {
                if (l.startsWith("Tgid:")) return Long.parseLong(l.substring(5).trim());
            }
        } catch (IOException | RuntimeException e) {
            // gone: the thread id is all there is
        }
        return tid;
    }

    /** Stops the trace without reading it (a run that failed); nothing when there is none or it has stopped. */
    void abandon() {
        if (perf != null) perf.destroyForcibly();
    }

    /** kthreadd (pid 2) and its children; a process gone by now was not one (they live as long as the kernel). */
    static boolean kernelThread(long pid) {
        if (pid == 2) return true;
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return f[1].equals("2");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String firstLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("no message").trim();
        } catch (IOException e) {
            return "no message";
        }
    }
}
