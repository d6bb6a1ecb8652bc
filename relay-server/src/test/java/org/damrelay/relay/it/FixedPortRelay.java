package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.RelayConfig;

/**
 * The real relay kept on one loopback port across stops, so its clients (a driver's uplink, a
 * browser) reconnect to the address they had; each start reads its journal back.
 */
public final class FixedPortRelay implements AutoCloseable {

    private final RelayConfig config;
    private RelayServer server;

    /** {@code config} must listen on a fixed port, e.g. {@link #freeLoopbackPort()}. */
    public FixedPortRelay(RelayConfig config) {
        if (config.listen().port() == 0) throw new IllegalArgumentException("a FixedPortRelay needs a fixed port, not 0");
        this.config = config;
    }

    /** A loopback port free right now, for a config that must keep it across restarts. */
    public static int freeLoopbackPort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts (or starts again, from its journal); retries briefly while the port is still being released. */
    public FixedPortRelay start() {
        if (server != null) throw new IllegalStateException("relay already running on port " + port());
        AtomicReference<RelayServer> started = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .until(() -> {
                    started.set(RelayServer.start(config));
                    return true;
                });
        server = started.get();
        return this;
    }

    /** Stops it as an operator would (connections drop), leaving its journal on disk. */
    public void stop() {
        if (server != null) server.close();
        server = null;
    }

    public void restart() {
        stop();
        start();
    }

    /** The running relay; fails when it is stopped. */
    public RelayServer server() {
        if (server == null) throw new IllegalStateException("relay on port " + port() + " is stopped");
        return server;
    }

    public int port() {
        return config.listen().port();
    }

    @Override
    public void close() {
        stop();
    }
}
