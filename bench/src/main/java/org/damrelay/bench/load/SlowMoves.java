package org.damrelay.bench.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The moves that reached some spectator later than {@link #SLOW_MICROS}, each by the time it was
 * scheduled to be sent (its {@code sentNanos}, one clock for every process on the host): how late
 * its latest delivery was and how many deliveries were that slow. At 50-150 moves/s a step's p99
 * is its second to sixth worst move, so these few moves, set against the server's pauses at those
 * times, say what made the step's tail. Bounded: past {@link #MAX_MOVES} an overloaded step keeps
 * only the ones it already has.
 */
public final class SlowMoves {

    /** The bound on a step's p99. */
    public static final long SLOW_MICROS = 10_000;
    static final int MAX_MOVES = 5_000;

    /** One slow move: its scheduled send, its latest delivery's latency, and how many were over the bound. */
    public record Move(long sentNanos, long maxMicros, long slowDeliveries) {}

    /** Per move: {max µs, slow deliveries}; written by the one recording thread, read by another (a diagnostic: slightly stale is fine). */
    private final Map<Long, long[]> bySent = new ConcurrentHashMap<>();
    /** The move last recorded: its deliveries arrive one after another, so most need no lookup. */
    private long lastSent;
    private long[] last;
    private int counted;

    /** A delivery of the move sent at {@code sentNanos}, {@code micros} after it. Called by one thread (a generator's one event loop). */
    public void record(long sentNanos, long micros) {
        if (micros < SLOW_MICROS) return;
        long[] m = last != null && lastSent == sentNanos ? last : bySent.get(sentNanos);
        if (m == null) {
            if (bySent.size() >= MAX_MOVES) return;
            m = new long[2];
            bySent.put(sentNanos, m);
        }
        m[0] = Math.max(m[0], micros);
        m[1]++;
        lastSent = sentNanos;
        last = m;
    }

    public void add(Move m) {
        bySent.merge(m.sentNanos(), new long[] {m.maxMicros(), m.slowDeliveries()},
                (a, b) -> new long[] {Math.max(a[0], b[0]), a[1] + b[1]});
    }

    /** Forgets them all: from the recording thread, or while nothing is recorded (between steps). */
    public void clear() {
        bySent.clear();
        last = null;
        counted = 0;
    }

    /**
     * How many moves were slow: those kept, or more when a generator said so (it sends only its
     * worst). Exact for one generator; with several, at least this many (each counts its own).
     */
    public int size() {
        return Math.max(bySent.size(), counted);
    }

    /** A generator counted {@code n} slow moves, of which it sent only the worst. */
    public void atLeast(int n) {
        counted = Math.max(counted, n);
    }

    /** The {@code n} latest-delivered, worst first. */
    public List<Move> worst(int n) {
        List<Move> all = new ArrayList<>();
        bySent.forEach((sent, m) -> all.add(new Move(sent, m[0], m[1])));
        all.sort(Comparator.comparingLong(Move::maxMicros).reversed().thenComparingLong(Move::sentNanos));
        return List.copyOf(all.subList(0, Math.min(n, all.size())));
    }

    /** The {@code n} worst as one word for the generators' line protocol: {@code sent:max:count,...}, or {@code -}. */
    public String encode(int n) {
        List<Move> w = worst(n);
        if (w.isEmpty()) return "-";
        StringBuilder b = new StringBuilder();
        for (Move m : w) {
            if (b.length() > 0) b.append(',');
            b.append(m.sentNanos()).append(':').append(m.maxMicros()).append(':').append(m.slowDeliveries());
        }
        return b.toString();
    }

    /** What {@link #encode} wrote, added to these (the same move seen by several generators is one). */
    public void addEncoded(String word) {
        if (word.equals("-")) return;
        for (String m : word.split(",")) {
            String[] p = m.split(":");
            if (p.length != 3) throw new IllegalArgumentException("not a slow move: \"" + m + "\"");
            add(new Move(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2])));
        }
    }
}
