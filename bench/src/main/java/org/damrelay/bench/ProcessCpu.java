package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of a process and the time its threads were runnable but waiting for a CPU, from
 * /proc/PID/task/TID/schedstat. On a shared machine the second number tells a starved relay
 * (others hold its core) from a saturated one.
 */
record ProcessCpu(long onCpuNanos, long waitingNanos) {

    static ProcessCpu of(long pid) {
        long on = 0, wait = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path t : tasks) {
                try {
                    String[] f = Files.readString(t.resolve("schedstat")).trim().split("\\s+");
                    on += Long.parseLong(f[0]);
                    wait += Long.parseLong(f[1]);
                } catch (IOException | RuntimeException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            return new ProcessCpu(-1, -1);
        }
        return new ProcessCpu(on, wait);
    }

    ProcessCpu plus(ProcessCpu other) {
        return new ProcessCpu(onCpuNanos + other.onCpuNanos, waitingNanos + other.waitingNanos);
    }

    ProcessCpu minus(ProcessCpu earlier) {
        return new ProcessCpu(onCpuNanos - earlier.onCpuNanos, waitingNanos - earlier.waitingNanos);
    }
}
