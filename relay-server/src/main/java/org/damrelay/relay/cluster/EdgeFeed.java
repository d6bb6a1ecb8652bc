package org.damrelay.relay.cluster;

import org.damrelay.relay.config.ClusterConfig;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.ClusterEntries;
import org.damrelay.proto.ClusterEntry;
import org.damrelay.proto.ClusterState;
import org.damrelay.proto.ClusterStateRequest;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.http.Health;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds an edge relay. Normally from Redis: the origin's state for what this edge lacks, then the
 * stream from the entry that was last when that state was asked for (what came between is in
 * both and taken once). When Redis cannot be read, from the origin directly: the same entries,
 * long-polled from the origin's own log (each answer as soon as there is one), until Redis answers again, when it goes back to the stream
 * (asking the origin for what it lacks first). Either way a hole in the count (an entry lost, a
 * new origin epoch the edge cannot place) means asking for the state again, never skipping.
 * Meanwhile the edge serves what it has. Retries wait a jittered, growing time, so edges that
 * lost Redis together do not ask the origin together. One thread; the games change on the core.
 */
public final class EdgeFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EdgeFeed.class);
    private static final int BATCH = 1000, BLOCK_MS = 500, LONG_POLL_MS = 2000, REDIS_RETRY_MS = 2000;
    private static final long MAX_BACKOFF_MS = 5000;

    /** How the edge is fed now; {@link #state()} for health, metrics and tests. */
    public enum State {
        /** Neither Redis nor the origin answered yet: serving what it has, nothing new. */
        CONNECTING,
        /** Asking the origin for what it lacks. */
        SYNCING,
        /** Reading the Redis stream: the normal way. */
        FOLLOWING,
        /** Redis lost: reading the origin's entries directly until Redis answers again. */
        FOLLOWING_ORIGIN,
        STOPPED;

        public String lower() { return name().toLowerCase(Locale.ROOT); }
    }

    private final RelayCore core;
    private final Replica replica;
    private final ClusterConfig config;
    private final ClusterMetrics metrics;
    private final RedisClient client;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final Thread thread;
    private volatile State state = State.CONNECTING;
    private volatile boolean stopping;
    private volatile long syncs;
    /** The last fault of each source, for /health and the log; null while it answers. */
    private volatile String redisProblem, originProblem;

    private EdgeFeed(RelayCore core, ClusterConfig config, ClusterMetrics metrics) {
        this.core = core;
        this.config = config;
        this.metrics = metrics;
        this.replica = new Replica(core);
        this.client = RedisLink.client(config.redis(), false);
        this.thread = new Thread(this::run, "edge-feed");
        thread.setDaemon(true);
    }

    public static EdgeFeed start(RelayCore core, ClusterConfig config, ClusterMetrics metrics) {
        EdgeFeed f = new EdgeFeed(core, config, metrics);
        f.thread.start();
        return f;
    }

    public State state() { return state; }

    /** How many times this edge took the origin's state (start, and after every fault). */
    public long syncs() { return syncs; }

    private void state(State s) {
        state = s;
        metrics.state(s);
    }

    /** What /health says of the feed: DOWN while it can follow nothing, DEGRADED on the origin directly. */
    public Health health() {
        State s = state;
        // a re-sync with an origin that answered last time (a hole in the stream) is as it was until now;
        // a retry after the origin failed is not, and stays DOWN below until the origin answers
        boolean resyncing = syncs > 0 && s == State.SYNCING && originProblem == null;
        if (s == State.FOLLOWING || resyncing && redisProblem == null) return Health.UP;
        String redis = "redis " + RedisLink.shown(config.redis()) + (RedisLink.sentinel(config.redis()) ? " (Sentinel: its master failing over?)" : "");
        if (s == State.FOLLOWING_ORIGIN || resyncing) {
            return Health.degraded(redis + " unreachable (" + redisProblem + "): following the origin " + config.origin() + " directly");
        }
        if (syncs == 0 && originProblem == null && redisProblem == null) return Health.down("starting: no state from the origin yet");
        return Health.down("cannot follow the origin: origin " + config.origin() + ": " + (originProblem == null ? "not asked yet" : originProblem)
                + "; " + redis + ": " + (redisProblem == null ? "answers" : redisProblem));
    }

    private void run() {
        Backoff backoff = new Backoff();
        while (!stopping) {
            state(State.CONNECTING);
            StatefulRedisConnection<String, byte[]> c;
            try {
                c = client.connect(RedisLink.CODEC);
            } catch (RedisException e) {
                redisLost(e);
                followOrigin();
                continue;
            }
            try (c) {
                redisProblem = null;
                follow(c.sync());
            } catch (RedisException e) {
                redisLost(e);
                followOrigin();
            } catch (IOException | ExecutionException | RuntimeException e) {
                originLost(e);
                backoff.sleep();
                continue;
            } catch (InterruptedException e) {
                break;
            }
            backoff.reset();
        }
        state(State.STOPPED);
    }

    private void redisLost(RedisException e) {
        String now = describe(e);
        if (!now.equals(redisProblem)) log.warn("edge feed: redis {}: {}; following the origin directly", RedisLink.shown(config.redis()), now);
        redisProblem = now;
    }

    private void originLost(Exception e) {
        String now = describe(e);
        // one line per kind of outage, not one per retry
        if (!now.equals(originProblem)) log.warn("edge feed: origin {}: {}; retrying", config.origin(), now);
        originProblem = now;
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String m = root.getMessage();
        return root.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    /** Syncs, then follows the stream until a hole (sync again) or a fault (thrown). */
    private void follow(RedisCommands<String, byte[]> redis) throws IOException, InterruptedException, ExecutionException {
        String stream = config.redis().stream();
        while (!stopping) {
            state(State.SYNCING);
            List<StreamMessage<String, byte[]>> last = redis.xrevrange(stream, Range.create("-", "+"), Limit.from(1));
            String from = last.isEmpty() ? "0-0" : last.get(0).getId();
            sync();
            state(State.FOLLOWING);
            boolean inStep = true;
            while (inStep && !stopping) {
                List<StreamMessage<String, byte[]>> batch = redis.xread(XReadArgs.Builder.block(BLOCK_MS).count(BATCH),
                        XReadArgs.StreamOffset.from(stream, from));
                if (batch == null || batch.isEmpty()) continue;
                from = batch.get(batch.size() - 1).getId();
                List<StreamEntry> entries = new ArrayList<>(batch.size());
                for (StreamMessage<String, byte[]> m : batch) entries.add(StreamEntry.of(m.getBody()));
                inStep = core.executor().submit(() -> replica.apply(entries)).get();
                // the entry id is Redis's clock at the append
                metrics.lagMillis(System.currentTimeMillis() - Long.parseLong(from.substring(0, from.indexOf('-'))));
            }
        }
    }

    /**
     * Redis is lost: the origin's state, then its entries long-polled directly, until Redis answers
     * again (tried every ~2 s) or the feed stops. Returns for Redis; an origin fault is retried here.
     */
    private void followOrigin() {
        Backoff backoff = new Backoff();
        long epoch = 0, after = 0;
        boolean inStep = false;
        long redisAgain = System.currentTimeMillis() + jitter(REDIS_RETRY_MS);
        sleep(jitter(250));   // edges that lost Redis together ask the origin apart
        while (!stopping) {
            try {
                if (!inStep) {
                    state(State.SYNCING);
                    ClusterState s = sync();
                    epoch = s.getEpoch();
                    after = s.getSeq();
                    inStep = true;
                    state(State.FOLLOWING_ORIGIN);
                    backoff.reset();
                }
                ClusterEntries answer = originEntries(epoch, after);
                if (answer.getGone()) {
                    inStep = false;
                } else if (answer.getEntriesCount() > 0) {
                    List<StreamEntry> entries = new ArrayList<>(answer.getEntriesCount());
                    for (ClusterEntry e : answer.getEntriesList()) entries.add(StreamEntry.of(e));
                    after = entries.get(entries.size() - 1).seq();
                    inStep = core.executor().submit(() -> replica.apply(entries)).get();
                }
            } catch (IOException | ExecutionException | RuntimeException e) {
                originLost(e);
                inStep = false;
                state(State.CONNECTING);
                backoff.sleep();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (System.currentTimeMillis() >= redisAgain) {
                if (redisAnswers()) {
                    log.info("edge feed: redis {} answers again; back to the stream", RedisLink.shown(config.redis()));
                    return;
                }
                redisAgain = System.currentTimeMillis() + jitter(REDIS_RETRY_MS);
            }
        }
    }

    private boolean redisAnswers() {
        try (StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
            c.sync().ping();
            return true;
        } catch (RedisException e) {
            redisProblem = describe(e);
            return false;
        }
    }

    /** What this edge lacks from the origin, merged in order; the state's place in the origin's count. */
    private ClusterState sync() throws IOException, InterruptedException, ExecutionException {
        Map<String, Integer> known = core.executor().submit(replica::known).get();
        HttpResponse<byte[]> r = http.send(originRequest("/cluster/state")
                .POST(HttpRequest.BodyPublishers.ofByteArray(ClusterStateRequest.newBuilder().putAllKnown(known).build().toByteArray()))
                .timeout(Duration.ofSeconds(15)).build(), HttpResponse.BodyHandlers.ofByteArray());
        ClusterState state = ClusterState.parseFrom(ok(r, "its state"));
        core.executor().submit(() -> replica.merge(state.getGamesList())).get();
        originProblem = null;
        syncs++;
        metrics.resynced();
        return state;
    }

    private ClusterEntries originEntries(long epoch, long after) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(originRequest("/cluster/entries?epoch=" + epoch + "&after=" + after + "&waitMs=" + LONG_POLL_MS).GET()
                .timeout(Duration.ofMillis(LONG_POLL_MS + 5000)).build(), HttpResponse.BodyHandlers.ofByteArray());
        return ClusterEntries.parseFrom(ok(r, "its entries"));
    }

    private HttpRequest.Builder originRequest(String path) {
        return HttpRequest.newBuilder(URI.create(config.origin() + path)).header("Authorization", "Bearer " + config.token());
    }

    private byte[] ok(HttpResponse<byte[]> r, String what) throws IOException {
        if (r.statusCode() == 401) throw new IOException("origin " + config.origin() + " refused this edge's cluster.token (HTTP 401): it must be the origin's");
        if (r.statusCode() != 200) throw new IOException("origin " + config.origin() + " answered HTTP " + r.statusCode() + " for " + what);
        return r.body();
    }

    /** Growing waits with jitter: [d/2, d), d from 100 ms doubling to 5 s. */
    private final class Backoff {
        private long ms = 100;

        void sleep() {
            EdgeFeed.sleep(jitter(ms));
            ms = Math.min(MAX_BACKOFF_MS, ms * 2);
        }

        void reset() { ms = 100; }
    }

    /** A time in [ms/2, ms). */
    private static long jitter(long ms) {
        return ms / 2 + ThreadLocalRandom.current().nextLong(Math.max(1, ms / 2));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopping = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
