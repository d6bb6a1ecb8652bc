package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * CPU time of a process and the time its threads were runnable but waiting for a CPU, from
 * /proc/PID/task/TID/schedstat. On a shared machine the second number tells a starved relay
 * (others hold its core) from a saturated one.
 */
record ProcessCpu(long onCpuNanos, long waitingNanos) {

    static ProcessCpu of(long pid) {
        long[] sum = new long[2];
        boolean read = eachThread(pid, (t, schedstat) -> {
            sum[0] += schedstat[0];
            sum[1] += schedstat[1];
        });
        return read ? new ProcessCpu(sum[0], sum[1]) : new ProcessCpu(-1, -1);
    }

    /**
     * On-CPU nanoseconds per kind of thread (by the name the kernel knows it by), in a fixed order:
     * where a server's core went, e.g. whether its JIT was still compiling during the measured steps.
     */
    static Map<String, Long> byThread(long pid) {
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (String k : new String[] {"event loops", "core", "journal", "JIT", "GC and VM", "other"}) kinds.put(k, 0L);
        boolean read = eachThread(pid, (t, schedstat) -> {
            try {
                kinds.merge(kind(Files.readString(t.resolve("comm")).trim()), schedstat[0], Long::sum);
            } catch (IOException e) {
                // the thread ended meanwhile
            }
        });
        return read ? kinds : Map.of();
    }

    /**
     * Each of the process's threads with its schedstat (on-CPU and waiting nanoseconds); false
     * when the process is gone. A thread that ends meanwhile is left out.
     */
    private static boolean eachThread(long pid, BiConsumer<Path, long[]> action) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path t : tasks) {
                long[] schedstat;
                try {
                    String[] f = Files.readString(t.resolve("schedstat")).trim().split("\\s+");
                    schedstat = new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
                } catch (IOException | RuntimeException e) {
                    continue; // the thread ended meanwhile
                }
                action.accept(t, schedstat);
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The kind of a thread by its (15-character) kernel name. */
    static String kind(String comm) {
        if (comm.startsWith("epollEventLoop") || comm.startsWith("nioEventLoop")) return "event loops";
        if (comm.startsWith("relay-core")) return "core";
        if (comm.startsWith("journal")) return "journal";
        if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")) return "JIT";
        if (comm.startsWith("VM Thread") || comm.startsWith("GC ")) return "GC and VM";
        return "other";
    }

    /** {@code later} minus {@code earlier}, kind by kind, as "event loops 8.1 s, core 0.9 s, ...". */
    static String threadLine(Map<String, Long> earlier, Map<String, Long> later) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Long> e : later.entrySet()) {
            if (b.length() > 0) b.append(", ");
            b.append(String.format("%s %.1f s", e.getKey(), (e.getValue() - earlier.getOrDefault(e.getKey(), 0L)) / 1e9));
        }
        return b.toString();
    }

    ProcessCpu plus(ProcessCpu other) {
        return new ProcessCpu(onCpuNanos + other.onCpuNanos, waitingNanos + other.waitingNanos);
    }

    ProcessCpu minus(ProcessCpu earlier) {
        return new ProcessCpu(onCpuNanos - earlier.onCpuNanos, waitingNanos - earlier.waitingNanos);
    }
}
