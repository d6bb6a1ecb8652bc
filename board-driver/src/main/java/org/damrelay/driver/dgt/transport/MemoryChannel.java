package org.damrelay.driver.dgt.transport;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.damrelay.driver.clock.ManualClock;

/**
 * An in-memory line for tests and in-process emulators. Either a {@link #pair()} of ends wired to
 * each other, or one end whose writes go to a {@link #scripted scripted} board that answers by
 * {@link #inject injecting} bytes. With a {@link ManualClock}, a read on an empty line moves the
 * clock on by the timeout instead of waiting, so silence is deterministic and instant.
 */
public final class MemoryChannel implements SerialChannel {
    private final String name;
    private final ManualClock manualClock;
    private final ArrayDeque<byte[]> inbound = new ArrayDeque<>();
    private final List<Runnable> disconnectListeners = new CopyOnWriteArrayList<>();
    private Consumer<byte[]> outbound;
    private byte[] partial;
    private int partialAt;
    private boolean closed;
    private IOException failure;

    private MemoryChannel(String name, ManualClock manualClock) {
        this.name = name;
        this.manualClock = manualClock;
    }

    /** Two real-time ends: what one writes, the other reads. */
    public static MemoryChannel[] pair(String name) {
        MemoryChannel a = new MemoryChannel(name + "/host", null);
        MemoryChannel b = new MemoryChannel(name + "/board", null);
        a.outbound = b::inject;
        b.outbound = a::inject;
        return new MemoryChannel[] {a, b};
    }

    /** One end whose writes are handed to the board script (on the writer's thread). */
    public static MemoryChannel scripted(String name, ManualClock clock, Consumer<byte[]> board) {
        MemoryChannel c = new MemoryChannel(name, clock);
        c.outbound = board;
        return c;
    }

    /** Bytes arriving from the other side; one inject is one read's worth at most. */
    public synchronized void inject(byte[] bytes) {
        if (bytes.length > 0) {
            inbound.add(bytes.clone());
            notifyAll();
        }
    }

    /** The next read or write fails with this error (a broken cable, a dead USB device). */
    public synchronized void fail(String reason) {
        failure = new IOException(name + ": " + reason);
        notifyAll();
    }

    /** The line reports it is gone, and every use fails from now on. */
    public void disconnect() {
        fail("disconnected");
        disconnectListeners.forEach(Runnable::run);
    }

    @Override public synchronized int read(byte[] buffer, int timeoutMillis) throws IOException {
        check();
        if (partial == null && inbound.isEmpty()) {
            if (manualClock != null) {
                manualClock.advance(timeoutMillis);
            } else {
                long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
                long left;
                while (inbound.isEmpty() && failure == null && !closed && (left = deadline - System.nanoTime()) > 0) {
                    try {
                        wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException(name + ": interrupted", e);
                    }
                }
            }
            check();
            if (inbound.isEmpty()) {
                return 0;
            }
        }
        if (partial == null) {
            partial = inbound.poll();
            partialAt = 0;
        }
        int n = Math.min(buffer.length, partial.length - partialAt);
        System.arraycopy(partial, partialAt, buffer, 0, n);
        partialAt += n;
        if (partialAt == partial.length) {
            partial = null;
        }
        return n;
    }

    @Override public void write(byte[] bytes) throws IOException {
        Consumer<byte[]> out;
        synchronized (this) {
            check();
            out = outbound;
        }
        out.accept(bytes.clone());
    }

    private void check() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (closed) {
            throw new IOException(name + " is closed");
        }
    }

    @Override public String name() {
        return name;
    }

    @Override public void onDisconnect(Runnable listener) {
        disconnectListeners.add(listener);
    }

    @Override public synchronized void close() {
        closed = true;
        notifyAll();
    }

    public synchronized boolean isClosed() {
        return closed;
    }
}
