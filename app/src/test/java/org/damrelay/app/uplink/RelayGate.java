package org.damrelay.app.uplink;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A loopback TCP relay of the relay that takes a driver's connection at once but carries nothing
 * until {@link #open()}: the driver is connected, its Welcome not yet arrived, for as long as a
 * test needs to make the boards be read first.
 */
final class RelayGate implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final CountDownLatch opened = new CountDownLatch(1);
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RelayGate(int targetPort) throws IOException {
        this.target = targetPort;
        this.server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "relay-gate");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    void open() {
        opened.countDown();
    }

    private void accept() {
        try {
            while (!server.isClosed()) {
                Socket driver = server.accept();
                sockets.add(driver);
                Thread t = new Thread(() -> carry(driver), "relay-gate-conn");
                t.setDaemon(true);
                t.start();
            }
        } catch (IOException closed) {
            // the gate is closed
        }
    }

    private void carry(Socket driver) {
        try {
            if (!opened.await(120, TimeUnit.SECONDS)) return;
            Socket relay = new Socket(InetAddress.getLoopbackAddress(), target);
            sockets.add(relay);
            pump(relay.getInputStream(), driver.getOutputStream(), driver, relay);
            pump(driver.getInputStream(), relay.getOutputStream(), driver, relay);
        } catch (IOException | InterruptedException e) {
            close(driver);
        }
    }

    private static void pump(InputStream in, OutputStream out, Socket driver, Socket relay) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException ended) {
                // either side closed
            }
            close(driver);
            close(relay);
        }, "relay-gate-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(RelayGate::close);
    }
}
