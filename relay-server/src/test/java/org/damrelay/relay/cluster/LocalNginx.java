package org.damrelay.relay.cluster;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import static org.awaitility.Awaitility.await;

/**
 * Debian's nginx with the project's deploy/nginx/damrelay.conf, as it is but for the addresses,
 * on a free loopback port with its own prefix, logs and temp directories (nothing root-owned).
 */
final class LocalNginx implements AutoCloseable {

    static final Path SNIPPET = Path.of("..", "deploy", "nginx", "damrelay.conf");

    private final Process process;
    final int port;
    final Path prefix;

    private LocalNginx(Process process, int port, Path prefix) {
        this.process = process;
        this.port = port;
        this.prefix = prefix;
    }

    static LocalNginx start(Path prefix, int originPort, List<Integer> edgePorts) throws IOException {
        Path bin = Path.of("/usr/sbin/nginx");
        if (!Files.isExecutable(bin)) throw new IllegalStateException("nginx is not installed: install Debian's package nginx (apt-get install nginx)");
        if (edgePorts.size() != 2) throw new IllegalArgumentException("the documented config names two edges");
        int port = LocalRedis.freePort();
        Files.createDirectories(prefix.resolve("tmp"));
        String snippet = Files.readString(SNIPPET)
                .replace("127.0.0.1:8080", "127.0.0.1:" + originPort)
                .replace("127.0.0.1:8081", "127.0.0.1:" + edgePorts.get(0))
                .replace("127.0.0.1:8082", "127.0.0.1:" + edgePorts.get(1))
                .replace("listen 80;", "listen 127.0.0.1:" + port + ";");
        Files.writeString(prefix.resolve("damrelay.conf"), snippet);
        String p = prefix.toAbsolutePath().toString();
        Files.writeString(prefix.resolve("nginx.conf"), """
                worker_processes 1;
                daemon off;
                master_process on;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 512; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/tmp/body;
                    proxy_temp_path %1$s/tmp/proxy;
                    fastcgi_temp_path %1$s/tmp/fastcgi;
                    uwsgi_temp_path %1$s/tmp/uwsgi;
                    scgi_temp_path %1$s/tmp/scgi;
                    include %1$s/damrelay.conf;
                }
                """.formatted(p));
        Process proc = new ProcessBuilder(bin.toString(), "-p", p, "-e", p + "/error.log", "-c", p + "/nginx.conf")
                .redirectErrorStream(true).redirectOutput(prefix.resolve("stdout.log").toFile()).start();
        LocalNginx n = new LocalNginx(proc, port, prefix);
        int bound = port;
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            if (!proc.isAlive()) throw new IllegalStateException("nginx stopped: " + Files.readString(prefix.resolve("error.log")));
            try (Socket s = new Socket("127.0.0.1", bound)) {
                return true;
            } catch (IOException e) {
                return false;
            }
        });
        return n;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
