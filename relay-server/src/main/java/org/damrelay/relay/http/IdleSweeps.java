package org.damrelay.relay.http;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One periodic sweep per event loop over its WebSockets: a connection quiet for a quarter of the
 * idle timeout gets a ping (and another each quarter), one quiet for the whole timeout although
 * pinged is closed with 1001 (WebSocketKeepAlive). It replaces
 * an IdleStateHandler per connection, whose two scheduled timer tasks per channel were a good part
 * of a spectator's memory (39,004 tasks for 19,500 connections). A sweep acts on at most
 * {@link #SLICE} connections per task and queues the rest behind the loop's other work: with
 * 19,000 spectators a sweep finds thousands of them due at once, and writing all those pings in
 * one task held every move's fan-out on that loop for tens of milliseconds.
 */
public final class IdleSweeps {

    /** Pings (or closes) per task of a sweep. */
    static final int SLICE = 256;

    private final long timeoutNanos;
    private final int slice;
    private final long periodMillis, periodNanos;
    private final Map<EventLoop, Sweep> byLoop = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    /** @param timeoutSeconds no frame from the peer for this long closes it; 0 or less turns the sweep off */
    public IdleSweeps(int timeoutSeconds) {
        this(timeoutSeconds, System::nanoTime);
    }

    IdleSweeps(int timeoutSeconds, LongSupplier clock) {
        this(timeoutSeconds, clock, SLICE);
    }

    IdleSweeps(int timeoutSeconds, LongSupplier clock, int slice) {
        this.clock = clock;
        this.slice = slice;
        this.timeoutNanos = TimeUnit.SECONDS.toNanos(Math.max(0, timeoutSeconds));
        // an eighth of the timeout: pings every 1/4-3/8 timeout to a quiet peer, a mute one closed within 1.125 timeouts
        this.periodMillis = Math.max(100, TimeUnit.SECONDS.toMillis(timeoutSeconds) / 8);
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(periodMillis);
    }

    long now() { return clock.getAsLong(); }

    /** The sweep of {@code loop}, started on first use. */
    Sweep on(EventLoop loop) {
        return byLoop.computeIfAbsent(loop, l -> {
            Sweep s = new Sweep(l);
            if (timeoutNanos > 0) l.scheduleAtFixedRate(s, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
            return s;
        });
    }

    /** The connections of one event loop; touched only on that loop. */
    final class Sweep implements Runnable {
        private final Executor loop;
        private final Set<WebSocketKeepAlive> members = new HashSet<>();
        private long lastRun = Long.MIN_VALUE;

        Sweep(Executor loop) {
            this.loop = loop;
        }

        void add(WebSocketKeepAlive k) { members.add(k); }

        void remove(WebSocketKeepAlive k) { members.remove(k); }

        int size() { return members.size(); }

        @Override
        public void run() {
            long now = clock.getAsLong();
            // two periods late: the process (or its loop) stood still; nobody is closed on this round
            boolean late = lastRun != Long.MIN_VALUE && now - lastRun > 2 * periodNanos;
            lastRun = now;
            // acting may close a channel and so remove it: decide first, act after
            List<WebSocketKeepAlive> due = new ArrayList<>();
            for (WebSocketKeepAlive k : members) if (k.due(now, timeoutNanos)) due.add(k);
            act(due, 0, late);
        }

        /** Acts on one slice of the due connections, then queues the next behind what the loop has to do meanwhile. */
        private void act(List<WebSocketKeepAlive> due, int from, boolean late) {
            long now = clock.getAsLong();
            int to = Math.min(due.size(), from + slice);
            for (int i = from; i < to; i++) {
                WebSocketKeepAlive k = due.get(i);
                // a later slice: the connection may have closed or answered meanwhile
                if (from == 0 || members.contains(k) && k.due(now, timeoutNanos)) k.act(now, timeoutNanos, late);
            }
            if (to < due.size()) loop.execute(() -> act(due, to, late));
        }
    }
}
