package org.damrelay.relay.it;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The relay command in a JVM of its own (to be killed with SIGKILL), started from a config file. */
public final class RelayProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private RelayProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Returns once it listens; {@code port} 0 = any free one ({@link #port()} tells). */
    public static RelayProcess start(Path config, int port) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "org.damrelay.relay.cli.RelayCommand", "--config", config.toString(), "--port", String.valueOf(port))
                .redirectErrorStream(true).start();
        CompletableFuture<Integer> bound = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith("damrelay relay listening on port ")) {
                        bound.complete(Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1)));
                    }
                }
            } catch (Exception e) {
                bound.completeExceptionally(e);
            }
            bound.completeExceptionally(new IllegalStateException("relay output ended before it listened"));
        }, "relay-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            return new RelayProcess(p, bound.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
    }

    public int port() { return port; }

    /** Its process id (to pause it with SIGSTOP, as a hung machine would be). */
    public long pid() { return process.pid(); }

    /** SIGKILL, and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
