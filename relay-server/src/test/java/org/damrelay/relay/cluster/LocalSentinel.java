package org.damrelay.relay.cluster;

import io.lettuce.core.RedisClient;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import java.net.InetSocketAddress;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import static org.awaitility.Awaitility.await;

/**
 * One Redis Sentinel (Debian's redis-sentinel, or redis-server --sentinel) on a free loopback
 * port, watching a master as {@code damrelay} with quorum 1 and quick timeouts, so a test's
 * SIGKILL of the master is a failover within seconds. Its config file is its own (Sentinel
 * rewrites it).
 */
final class LocalSentinel implements AutoCloseable {

    static final String MASTER = "damrelay";

    private final Process process;
    final int port;

    private LocalSentinel(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static LocalSentinel start(Path dir, int masterPort) throws IOException {
        Files.createDirectories(dir);
        int port = LocalRedis.freePort();
        Path conf = dir.resolve("sentinel.conf");
        Files.writeString(conf, """
                port %d
                bind 127.0.0.1
                daemonize no
                dir %s
                sentinel monitor %s 127.0.0.1 %d 1
                sentinel down-after-milliseconds %s 1000
                sentinel failover-timeout %s 5000
                sentinel parallel-syncs %s 1
                """.formatted(port, dir.toAbsolutePath(), MASTER, masterPort, MASTER, MASTER, MASTER));
        Path bin = Path.of("/usr/bin/redis-sentinel");
        List<String> command = Files.isExecutable(bin) ? List.of(bin.toString(), conf.toString())
                : List.of(LocalRedis.binary().toString(), conf.toString(), "--sentinel");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("sentinel.log").toFile()).start();
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            if (!p.isAlive()) throw new IllegalStateException("redis-sentinel stopped: " + Files.readString(dir.resolve("sentinel.log")));
            try (Socket s = new Socket("127.0.0.1", port)) {
                return true;
            } catch (IOException e) {
                return false;
            }
        });
        return new LocalSentinel(p, port);
    }

    /** The URI the relays are given: the Sentinel, naming the master set. */
    String uri() {
        return "redis-sentinel://127.0.0.1:" + port + "#" + MASTER;
    }

    /** The port of the master the Sentinel names now. */
    int masterPort() {
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
        try (StatefulRedisSentinelConnection<String, String> c = client.connectSentinel()) {
            return ((InetSocketAddress) c.sync().getMasterAddrByName(MASTER)).getPort();
        } finally {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
