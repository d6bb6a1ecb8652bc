package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.damrelay.relay.it.SelfSignedCertificate;

/**
 * Debian's nginx with the project's deploy/nginx/damrelay.conf and damrelay-locations.conf, as
 * they are but for the addresses, ports and certificate paths, on free loopback ports with its
 * own prefix, logs and temp directories (nothing root-owned). Besides the file's two servers (the
 * redirect to HTTPS, and TLS with a self-signed certificate) it runs one plain server with the
 * same locations, which the tests' plain ws:// clients use ({@link #port}).
 */
final class LocalNginx implements AutoCloseable {

    static final Path DIR = Path.of("..", "deploy", "nginx");
    static final Path NGINX = Path.of("/usr/sbin/nginx");

    private final Process process;
    /** The plain server with the file's locations. */
    final int port;
    /** The file's HTTP server (redirects) and its TLS server. */
    final int redirectPort, tlsPort;
    final Path prefix;

    private LocalNginx(Process process, int port, int redirectPort, int tlsPort, Path prefix) {
        this.process = process;
        this.port = port;
        this.redirectPort = redirectPort;
        this.tlsPort = tlsPort;
        this.prefix = prefix;
    }

    static LocalNginx start(Path prefix, int originPort, List<Integer> edgePorts) throws IOException {
        Path conf = configure(prefix, originPort, edgePorts);
        Process proc = new ProcessBuilder(NGINX.toString(), "-p", prefix.toAbsolutePath().toString(), "-e", prefix.toAbsolutePath() + "/error.log",
                "-c", conf.toAbsolutePath().toString())
                .redirectErrorStream(true).redirectOutput(prefix.resolve("stdout.log").toFile()).start();
        LocalNginx n = new LocalNginx(proc, Integer.parseInt(Files.readString(prefix.resolve("port"))),
                Integer.parseInt(Files.readString(prefix.resolve("redirect-port"))), Integer.parseInt(Files.readString(prefix.resolve("tls-port"))), prefix);
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            if (!proc.isAlive()) throw new IllegalStateException("nginx stopped: " + Files.readString(prefix.resolve("error.log")));
            return listening(n.port) && listening(n.tlsPort);
        });
        return n;
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Writes nginx.conf and the two files under {@code prefix}; returns nginx.conf. */
    static Path configure(Path prefix, int originPort, List<Integer> edgePorts) throws IOException {
        if (!Files.isExecutable(NGINX)) throw new IllegalStateException("nginx is not installed: install Debian's package nginx (apt-get install nginx)");
        if (edgePorts.size() != 2) throw new IllegalArgumentException("the documented config names two edges");
        Files.createDirectories(prefix.resolve("tmp"));
        String p = prefix.toAbsolutePath().toString();
        int port = LocalRedis.freePort(), redirect = LocalRedis.freePort(), tls = LocalRedis.freePort();
        certificate(prefix);
        String main = Files.readString(DIR.resolve("damrelay.conf"));
        String locations = Files.readString(DIR.resolve("damrelay-locations.conf"));
        main = addresses(main, originPort, edgePorts)
                .replace("listen 80;", "listen 127.0.0.1:" + redirect + ";")
                .replace("listen 443 ssl http2;", "listen 127.0.0.1:" + tls + " ssl http2;")
                .replace("/etc/ssl/damrelay/fullchain.pem", p + "/cert.pem")
                .replace("/etc/ssl/damrelay/privkey.pem", p + "/key.pem")
                .replace("/etc/nginx/conf.d/damrelay-locations.conf", p + "/damrelay-locations.conf");
        // no IPv6 on every test machine
        main = main.lines().filter(l -> !l.strip().startsWith("listen [::]")).reduce("", (a, b) -> a + b + "\n");
        Files.writeString(prefix.resolve("damrelay.conf"), main);
        Files.writeString(prefix.resolve("damrelay-locations.conf"), locations);
        Files.writeString(prefix.resolve("port"), String.valueOf(port));
        Files.writeString(prefix.resolve("redirect-port"), String.valueOf(redirect));
        Files.writeString(prefix.resolve("tls-port"), String.valueOf(tls));
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, """
                worker_processes 1;
                daemon off;
                master_process on;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                worker_rlimit_nofile 16384;
                events { worker_connections 8192; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/tmp/body;
                    proxy_temp_path %1$s/tmp/proxy;
                    fastcgi_temp_path %1$s/tmp/fastcgi;
                    uwsgi_temp_path %1$s/tmp/uwsgi;
                    scgi_temp_path %1$s/tmp/scgi;
                    include %1$s/damrelay.conf;
                    server {
                        listen 127.0.0.1:%2$d;
                        include %1$s/damrelay-locations.conf;
                    }
                }
                """.formatted(p, port));
        return conf;
    }

    private static String addresses(String conf, int originPort, List<Integer> edgePorts) {
        return conf.replace("127.0.0.1:8080", "127.0.0.1:" + originPort)
                .replace("127.0.0.1:8081", "127.0.0.1:" + edgePorts.get(0))
                .replace("127.0.0.1:8082", "127.0.0.1:" + edgePorts.get(1));
    }

    /** A self-signed certificate for 127.0.0.1 in cert.pem/key.pem under {@code dir}. */
    static void certificate(Path dir) throws IOException {
        try {
            if (!SelfSignedCertificate.write(dir)) throw new IOException("openssl could not make a test certificate in " + dir);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** {@code nginx -t} on the configured files: its output, and whether it passed. */
    static String test(Path conf) throws IOException, InterruptedException {
        Path prefix = conf.getParent().toAbsolutePath();
        Process p = new ProcessBuilder(NGINX.toString(), "-t", "-p", prefix.toString(), "-e", prefix + "/error.log", "-c", conf.toAbsolutePath().toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return (p.exitValue() == 0 ? "ok\n" : "failed\n") + out;
    }

    /** The resident memory of nginx's worker processes now, in bytes (from /proc). */
    long workersRss() throws IOException {
        long total = 0;
        for (ProcessHandle worker : process.toHandle().children().toList()) {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(worker.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) total += Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return total;
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
