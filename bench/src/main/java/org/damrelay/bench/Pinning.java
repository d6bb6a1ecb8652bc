package org.damrelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** CPU pinning with taskset: relay on core 0, everything else (this JVM included) on core 1. */
final class Pinning {

    static final int RELAY_CORE = 0, LOAD_CORE = 1;

    private Pinning() {}

    static boolean tasksetAvailable() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "taskset"))) return true;
        }
        return false;
    }

    /** Pins every thread of this JVM (new threads inherit it). Returns whether it worked. */
    static boolean pinSelf(int core) {
        if (!tasksetAvailable() || Runtime.getRuntime().availableProcessors() < 2) return false;
        try {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", String.valueOf(core),
                    String.valueOf(ProcessHandle.current().pid())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
