package org.damrelay.relay.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Debian's {@code redis-server} as a child process on a loopback port, without persistence (a
 * restart is a data loss): for the demo, the cluster benchmark and the tests.
 */
public final class LocalRedis implements AutoCloseable {

    public static final String PACKAGE_HINT = "redis-server is not installed: install Debian's package redis-server (apt-get install redis-server)";

    private final Path dir;
    private final int port;
    private final List<String> options;
    private Process process;

    private LocalRedis(Path dir, int port, List<String> options) {
        this.dir = dir;
        this.port = port;
        this.options = options;
    }

    /** The redis-server on the PATH or in /usr/bin, or null. */
    public static Path binary() {
        for (String d : (System.getenv().getOrDefault("PATH", "") + ":/usr/bin:/usr/sbin").split(":")) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, "redis-server");
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    /** Starts on a free loopback port, with more redis-server options if given; throws IllegalStateException with {@link #PACKAGE_HINT} when it is missing. */
    public static LocalRedis start(Path dir, String... options) throws IOException {
        LocalRedis r = new LocalRedis(dir, freePort(), List.of(options));
        r.restart();
        return r;
    }

    public int port() { return port; }

    public String uri() { return "redis://127.0.0.1:" + port; }

    public boolean running() { return process != null && process.isAlive(); }

    /** SIGKILL: no save, no goodbye. */
    public void kill() {
        if (process == null) return;
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts (again) on the same port, empty. */
    public void restart() throws IOException {
        Path bin = binary();
        if (bin == null) throw new IllegalStateException(PACKAGE_HINT);
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(bin.toString(), "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toAbsolutePath().toString(), "--daemonize", "no",
                "--protected-mode", "yes", "--loglevel", "notice"));
        command.addAll(options);
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Process p = process;
        Thread reader = new Thread(() -> {
            StringBuilder seen = new StringBuilder();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.contains("Ready to accept connections")) ready.complete(null);
                    else if (!ready.isDone() && seen.length() < 2000) seen.append(line).append('\n');
                }
            } catch (IOException e) {
                // the process went: the future says so below
            }
            ready.completeExceptionally(new IOException("redis-server on port " + port + " stopped: " + seen.toString().trim()));
        }, "redis-" + port);
        reader.setDaemon(true);
        reader.start();
        try {
            ready.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("redis-server on port " + port + " not ready within 20 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting redis-server", e);
        }
    }

    /** A port free on the loopback now (the caller binds it soon after). */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        kill();
    }
}
