package org.damrelay.relay.cluster;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.damrelay.proto.ClusterEntries;
import org.damrelay.proto.ClusterEntry;
import org.damrelay.proto.ClusterState;
import org.damrelay.proto.ClusterStateRequest;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameState;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.http.ClusterOrigin;

/**
 * What an origin has released, kept as edges may hold it ({@link SpectatorView}s), beside the
 * core: the origin's answers to its edges ({@code /cluster/state} per game since a version, and
 * {@code /cluster/entries} for an edge that cannot read Redis) are built from here on the
 * asking connection's thread and never wait for, or stall, the core thread. Appended to on the
 * core thread as updates are released; read from any thread.
 */
public final class OriginLog implements ClusterOrigin {

    /** Entries kept for edges following the origin directly: minutes of a busy round. */
    static final int RECENT = 20_000;
    private static final int MAX_ENTRIES_PER_ANSWER = 1000;

    private final byte[] token;
    private final long epoch;
    /** Per game: its initial info and its released updates, in version order. */
    private final Map<String, GameLog> games = new ConcurrentHashMap<>();
    /** The last {@link #RECENT} entries: entry n at n % RECENT. Guarded by itself; {@code seq} is the last one's number. */
    private final ClusterEntry[] recent = new ClusterEntry[RECENT];
    private final AtomicLong seq = new AtomicLong();
    /** Long polls waiting for the next entry. Guarded by {@code recent}. */
    private final List<Waiter> waiting = new ArrayList<>();
    private static final long MAX_WAIT_MS = 30_000;
    private final AtomicLong stateRequests = new AtomicLong();
    private final ExecutorService answers = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cluster-answers");
        t.setDaemon(true);
        return t;
    });

    private static final class GameLog {
        volatile GameInfo info;
        final List<GameUpdate> updates = new ArrayList<>();

        GameLog(GameInfo info) {
            this.info = info;
        }

        synchronized int size() { return updates.size(); }

        synchronized List<GameUpdate> after(int version) {
            return version >= updates.size() ? List.of() : List.copyOf(updates.subList(Math.max(0, version), updates.size()));
        }
    }

    OriginLog(String token, long epoch) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.epoch = epoch;
    }

    long epoch() { return epoch; }

    /** Core thread: a game's pairing as loaded (also for one whose updates came first, with its id alone). */
    void game(GameInfo info) {
        games.computeIfAbsent(info.getGameId(), k -> new GameLog(info)).info = info;
    }

    @Override
    public Executor executor() { return answers; }

    void close() { answers.shutdownNow(); }

    /**
     * Core thread: one released update as edges see it; {@code entry} true when it also goes on
     * the stream (numbered), false for one the stream already held before this origin started.
     * Returns the entry's number, or 0.
     */
    long released(GameUpdate view, GameInfo info, boolean entry) {
        GameLog g = games.computeIfAbsent(view.getGameId(), k -> new GameLog(info));
        synchronized (g) {
            if (view.getVersion() == g.updates.size() + 1) g.updates.add(view);
        }
        if (!entry) return 0;
        long n;
        List<Waiter> woken;
        synchronized (recent) {
            n = seq.get() + 1;
            recent[(int) (n % RECENT)] = ClusterEntry.newBuilder().setEpoch(epoch).setSeq(n).setUpdate(view).build();
            seq.set(n);
            woken = waiting.isEmpty() ? List.of() : new ArrayList<>(waiting);
            waiting.clear();
        }
        // answered on the answers' thread: the core only hands them over
        for (Waiter w : woken) answers.execute(() -> w.answer().complete(entriesNow(w.epoch(), w.after())));
        return n;
    }

    @Override
    public boolean authorized(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) return false;
        return MessageDigest.isEqual(token, authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8));
    }

    /** Each game the edge lacks updates of, with only those; the count first, so what follows it is in both and taken once. */
    @Override
    public byte[] state(byte[] request) throws InvalidProtocolBufferException {
        Map<String, Integer> known = ClusterStateRequest.parseFrom(request).getKnownMap();
        stateRequests.incrementAndGet();
        ClusterState.Builder b = ClusterState.newBuilder().setEpoch(epoch).setSeq(seq.get());
        for (GameLog g : games.values()) {
            Integer have = known.get(g.info.getGameId());
            if (have != null && have >= g.size()) continue;
            b.addGames(GameState.newBuilder().setInitialInfo(g.info).addAllUpdates(g.after(have == null ? 0 : have)));
        }
        return b.build().toByteArray();
    }

    /**
     * The entries after {@code after}; when there are none yet, the answer waits up to
     * {@code waitMillis} for the next (a long poll: an edge following the origin hears of a move
     * as soon as it is released, without asking again and again).
     */
    @Override
    public CompletableFuture<byte[]> entries(long epoch, long after, long waitMillis) {
        synchronized (recent) {
            if (waitMillis <= 0 || epoch != this.epoch || after != seq.get()) return CompletableFuture.completedFuture(entriesNow(epoch, after));
            CompletableFuture<byte[]> answer = new CompletableFuture<>();
            Waiter w = new Waiter(epoch, after, answer);
            waiting.add(w);
            // a poll that ran out leaves the list at once, not at the next release (between rounds that may be hours)
            answer.whenComplete((r, e) -> {
                synchronized (recent) {
                    waiting.remove(w);
                }
            });
            return answer.completeOnTimeout(ClusterEntries.getDefaultInstance().toByteArray(), Math.min(waitMillis, MAX_WAIT_MS), TimeUnit.MILLISECONDS);
        }
    }

    private byte[] entriesNow(long epoch, long after) {
        ClusterEntries.Builder b = ClusterEntries.newBuilder();
        synchronized (recent) {
            long last = seq.get();
            if (epoch != this.epoch || after < last - RECENT || after > last) return b.setGone(true).build().toByteArray();
            for (long n = after + 1; n <= Math.min(last, after + MAX_ENTRIES_PER_ANSWER); n++) b.addEntries(recent[(int) (n % RECENT)]);
        }
        return b.build().toByteArray();
    }

    /** An edge's long poll waiting for the entry after {@code after}. */
    private record Waiter(long epoch, long after, CompletableFuture<byte[]> answer) {}

    /** How many times edges asked for the state (a resync each). */
    long stateRequests() { return stateRequests.get(); }
}
