package org.damrelay.relay.http;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.Map;
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
 * one task held every move's fan-out on that loop for tens of milliseconds. Looking is sliced
 * the same way: the first sweep's look at 9,500 connections, still interpreted, took 5 ms of
 * its loop in one task (docs/benchmarks.md, round 8).
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
        /**
         * Each connection knows its index here ({@link WebSocketKeepAlive#sweepIndex}): leaving swaps
         * the last one into its place, so there is no set node per connection and a sweep can look
         * at index ranges in several tasks.
         */
        private final ArrayList<WebSocketKeepAlive> members = new ArrayList<>();
        private long lastRun = Long.MIN_VALUE;

        Sweep(Executor loop) {
            this.loop = loop;
        }

        void add(WebSocketKeepAlive k) {
            if (k.sweepIndex >= 0) return;
            k.sweepIndex = members.size();
            members.add(k);
        }

        void remove(WebSocketKeepAlive k) {
            int i = k.sweepIndex;
            if (i < 0) return;
            WebSocketKeepAlive last = members.remove(members.size() - 1);
            if (last != k) {
                members.set(i, last);
                last.sweepIndex = i;
            }
            k.sweepIndex = -1;
        }

        int size() { return members.size(); }

        @Override
        public void run() {
            long now = clock.getAsLong();
            // two periods late: the process (or its loop) stood still; nobody is closed on this round
            boolean late = lastRun != Long.MIN_VALUE && now - lastRun > 2 * periodNanos;
            lastRun = now;
            look(members.size(), late);
        }

        /**
         * Looks at one slice of the connections, downwards from index {@code below}, acting on those
         * due, then queues the next slice behind what the loop has to do meanwhile. Downwards, so a
         * connection that leaves meanwhile (closed here or by its peer) moves one already looked at
         * into its place, never one still to come: each is looked at once a round (at most twice, harmlessly).
         */
        private void look(int below, boolean late) {
            long now = clock.getAsLong();
            int from = Math.min(below, members.size());
            int to = Math.max(0, from - slice);
            for (int i = from - 1; i >= to; i--) {
                if (i >= members.size()) continue; // a close that took more than the one acted on
                WebSocketKeepAlive k = members.get(i);
                if (k.due(now, timeoutNanos)) k.act(now, timeoutNanos, late);
            }
            if (to > 0) loop.execute(() -> look(to, late));
        }
    }
}
