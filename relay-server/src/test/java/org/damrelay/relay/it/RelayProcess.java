package org.damrelay.relay.it;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** The relay command in a JVM of its own (to be killed with SIGKILL), started from a config file. */
public final class RelayProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final List<String> lines;

    private RelayProcess(Process process, int port, List<String> lines) {
        this.process = process;
        this.port = port;
        this.lines = lines;
    }

    /** Returns once it listens; {@code port} 0 = any free one ({@link #port()} tells). */
    public static RelayProcess start(Path config, int port) throws Exception {
        return start(config, port, 0);
    }

    /**
     * As {@link #start(Path, int)}, with the shell's {@code ulimit -f} at {@code fileBlocks} KB when
     * above 0: a file the relay writes cannot grow past it (a full disk without root; the JVM
     * ignores SIGXFSZ, so the write fails with EFBIG).
     */
    public static RelayProcess start(Path config, int port, long fileBlocks) throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        Process p = launch(config, port, fileBlocks, lines);
        CompletableFuture<Integer> bound = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                    if (line.startsWith("damrelay relay listening on port ")) {
                        bound.complete(Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1)));
                    }
                }
            } catch (Exception e) {
                bound.completeExceptionally(e);
            }
            bound.completeExceptionally(new IllegalStateException("relay output ended before it listened: " + lines));
        }, "relay-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            return new RelayProcess(p, bound.get(60, TimeUnit.SECONDS), lines);
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** A start expected to fail: its exit code and every line it printed (stdout and stderr). */
    public record Failed(int exitCode, List<String> lines) {}

    public static Failed startFailing(Path config, long fileBlocks) throws Exception {
        List<String> lines = new ArrayList<>();
        Process p = launch(config, 0, fileBlocks, lines);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
                if (line.startsWith("damrelay relay listening on port ")) {
                    p.destroyForcibly();
                    throw new AssertionError("the relay started: " + lines);
                }
            }
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the relay neither started nor stopped: " + lines);
        }
        return new Failed(p.exitValue(), lines);
    }

    private static Process launch(Path config, int port, long fileBlocks, List<String> lines) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        if (fileBlocks > 0) cmd.addAll(List.of("sh", "-c", "ulimit -f " + fileBlocks + " && exec \"$@\"", "relay"));
        // no hsperfdata file: with a file-size limit only the relay's own files should meet it
        cmd.addAll(List.of(java, "-Xmx256m", "-XX:-UsePerfData", "-Ddamrelay.configWatchMillis=200", "-cp", System.getProperty("java.class.path"),
                "org.damrelay.relay.cli.RelayCommand", "--config", config.toString(), "--port", String.valueOf(port)));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    public int port() { return port; }

    /** Everything it printed so far (stdout and stderr). */
    public List<String> lines() { return lines; }

    /** Its process id (to pause it with SIGSTOP, as a hung machine would be). */
    public long pid() { return process.pid(); }

    /** SIGKILL, and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM, as a service manager stops it; returns its exit code, or -1 if it did not stop within a minute. */
    public int terminate() throws InterruptedException {
        // through the handle: Process.destroy would close our end of its output
        process.toHandle().destroy();
        return process.waitFor(60, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
