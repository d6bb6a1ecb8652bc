package org.damrelay.driver.dgt.transport;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.damrelay.driver.clock.DriverClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one line alive: connects, reads, hands bytes and ticks to the {@link LineHandler}, and on a
 * dead link (disconnect event, I/O error, or the handler's ping going unanswered) closes it and
 * reconnects with capped exponential backoff, through the {@link Connector} (which may find the
 * board under a new device name). The delay starts over once a new connection has carried bytes.
 * Single-threaded: {@link #run()} on a thread of its own, or {@link #step()} from a test.
 */
public final class LinkSupervisor implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(LinkSupervisor.class);
    public static final int READ_TIMEOUT_MILLIS = 20;

    private final Connector connector;
    private final LineHandler handler;
    private final DriverClock clock;
    private final Backoff backoff;
    private final LineRecorder recorder;
    private final byte[] buffer = new byte[4096];
    private final AtomicBoolean disconnectEvent = new AtomicBoolean();
    private volatile boolean stopped;

    private SerialChannel channel;
    private long nextAttemptMillis;
    private long delayMillis;
    private boolean heardSinceConnect;
    private int connects, drops, failedAttempts, handlerFaults;

    public LinkSupervisor(Connector connector, LineHandler handler, DriverClock clock, Backoff backoff, LineRecorder recorder) {
        this.connector = connector;
        this.handler = handler;
        this.clock = clock;
        this.backoff = backoff;
        this.recorder = recorder;
        this.delayMillis = backoff.initial().toMillis();
    }

    @Override public void run() {
        try {
            while (!stopped && !Thread.currentThread().isInterrupted()) {
                step();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (channel != null) {
                drop(clock.millis(), "stopped");
            }
        }
    }

    public void stop() {
        stopped = true;
    }

    /** One turn: a connect attempt (or the wait before it), or one read and tick. */
    public void step() throws InterruptedException {
        long now = clock.millis();
        if (channel == null) {
            if (now < nextAttemptMillis) {
                recorder.tick(now);
                clock.sleep(Math.min(nextAttemptMillis - now, 1000));
                return;
            }
            connect(now);
            return;
        }
        if (disconnectEvent.get()) {
            drop(now, channel.name() + " reported a disconnect");
            return;
        }
        int n;
        long untilDeadline = handler.nextDeadline() - now;
        try {
            n = channel.read(buffer, (int) Math.max(1, Math.min(READ_TIMEOUT_MILLIS, untilDeadline)));
        } catch (IOException e) {
            drop(clock.millis(), "read failed: " + e.getMessage());
            return;
        }
        long t = clock.millis();
        try {
            if (n > 0) {
                heardSinceConnect = true;
                recorder.received(t, buffer, 0, n);
                if (handler.nextDeadline() < t) {
                    handler.onTick(t, this::send);
                }
                handler.onBytes(t, buffer, 0, n);
            }
            handler.onTick(t, this::send);
        } catch (IOException e) {
            drop(t, "write failed: " + e.getMessage());
            return;
        } catch (RuntimeException e) {
            // a fault behind the handler (e.g. in an observer) must not stop reading and recording the line;
            // the bytes are in the capture, so the moment can be replayed and the fault reproduced
            handlerFaults++;
            log.error("fault while handling the line at {} ms; the line goes on", t, e);
        }
        if (handler.linkLost(t)) {
            drop(t, "no answer from the board");
            return;
        }
        recorder.tick(t);
    }

    private void connect(long now) {
        SerialChannel c;
        try {
            c = connector.connect();
        } catch (IOException e) {
            failedAttempts++;
            log.info("connect failed: {}; next attempt in {} ms", e.getMessage(), delayMillis);
            scheduleRetry(now);
            return;
        }
        channel = c;
        connects++;
        heardSinceConnect = false;
        disconnectEvent.set(false);
        c.onDisconnect(() -> disconnectEvent.set(true));
        recorder.linkUp(now, c.name());
        log.info("connected to {}", c.name());
        try {
            handler.onConnected(now, this::send);
        } catch (IOException e) {
            drop(clock.millis(), "setting up the board failed: " + e.getMessage());
        }
    }

    private void send(long t, byte[] bytes) throws IOException {
        channel.write(bytes);
        recorder.sent(t, bytes);
        handler.onSent(t, bytes);
    }

    private void drop(long t, String reason) {
        log.warn("link to {} lost: {}", channel.name(), reason);
        channel.close();
        channel = null;
        drops++;
        if (heardSinceConnect) {
            delayMillis = backoff.initial().toMillis();
        }
        handler.onDisconnected(t);
        recorder.linkDown(t, reason);
        scheduleRetry(t);
    }

    private void scheduleRetry(long t) {
        nextAttemptMillis = t + delayMillis;
        delayMillis = backoff.next(delayMillis);
    }

    public boolean connected() {
        return channel != null;
    }

    public int connects() {
        return connects;
    }

    public int drops() {
        return drops;
    }

    /** Runtime faults thrown by the handler (or the observers behind it), logged and survived. */
    public int handlerFaults() {
        return handlerFaults;
    }

    public int failedAttempts() {
        return failedAttempts;
    }

    /** When the next connect attempt is due (capture clock), while disconnected. */
    public long nextAttemptMillis() {
        return nextAttemptMillis;
    }
}
