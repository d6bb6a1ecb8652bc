package org.damrelay.relay.cluster;

import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.relay.RelayCore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds an edge relay: the origin's released state, then the Redis stream from the entry that was
 * last when that state was asked for (what came between is in both and taken once). Any fault
 * (Redis gone or restarted, origin away, a hole in the stream) goes back to connecting and
 * syncing; meanwhile the edge serves what it has. One thread; the games change on the core.
 */
public final class EdgeFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EdgeFeed.class);
    private static final int BATCH = 1000, BLOCK_MS = 500;

    /** Where the feed is; {@link #state()} for health and tests. */
    public enum State { CONNECTING, SYNCING, FOLLOWING, STOPPED }

    private final RelayCore core;
    private final Replica replica;
    private final ClusterConfig config;
    private final RedisClient client;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final Thread thread;
    private volatile State state = State.CONNECTING;
    private volatile boolean stopping;
    private volatile long syncs;

    private EdgeFeed(RelayCore core, ClusterConfig config) {
        this.core = core;
        this.config = config;
        this.replica = new Replica(core);
        this.client = RedisLink.client(config.redis(), false);
        this.thread = new Thread(this::run, "edge-feed");
        thread.setDaemon(true);
    }

    public static EdgeFeed start(RelayCore core, ClusterConfig config) {
        EdgeFeed f = new EdgeFeed(core, config);
        f.thread.start();
        return f;
    }

    public State state() { return state; }

    /** How many times this edge took the origin's state (start, and after every fault). */
    public long syncs() { return syncs; }

    private void run() {
        long backoffMs = 100;
        String problem = null;
        while (!stopping) {
            state = State.CONNECTING;
            try (StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
                follow(c.sync());
            } catch (RuntimeException | IOException | ExecutionException e) {
                if (stopping) break;
                String now = e.getClass().getSimpleName() + ": " + e.getMessage();
                // one line per kind of outage, not one per retry
                if (!now.equals(problem)) log.warn("edge feed: {}; retrying", now);
                problem = now;
                sleep(backoffMs);
                backoffMs = Math.min(2000, backoffMs * 2);
                continue;
            } catch (InterruptedException e) {
                break;
            }
            backoffMs = 100;
        }
        state = State.STOPPED;
    }

    /** Syncs, then follows the stream until a hole (sync again) or a fault (thrown). */
    private void follow(RedisCommands<String, byte[]> redis) throws IOException, InterruptedException, ExecutionException {
        String stream = config.redis().stream();
        while (!stopping) {
            state = State.SYNCING;
            List<StreamMessage<String, byte[]>> last = redis.xrevrange(stream, Range.create("-", "+"), Limit.from(1));
            String from = last.isEmpty() ? "0-0" : last.get(0).getId();
            RelaySnapshot origin = originState();
            core.executor().submit(() -> replica.merge(origin)).get();
            syncs++;
            state = State.FOLLOWING;
            boolean inStep = true;
            while (inStep && !stopping) {
                List<StreamMessage<String, byte[]>> batch = redis.xread(XReadArgs.Builder.block(BLOCK_MS).count(BATCH),
                        XReadArgs.StreamOffset.from(stream, from));
                if (batch == null || batch.isEmpty()) continue;
                from = batch.get(batch.size() - 1).getId();
                List<StreamEntry> entries = new ArrayList<>(batch.size());
                for (StreamMessage<String, byte[]> m : batch) entries.add(StreamEntry.of(m.getBody()));
                inStep = core.executor().submit(() -> replica.apply(entries)).get();
            }
        }
    }

    private RelaySnapshot originState() throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(config.origin() + "/cluster/state")).timeout(Duration.ofSeconds(10)).build();
        HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) throw new IOException("origin " + config.origin() + " answered HTTP " + r.statusCode() + " for its state");
        return RelaySnapshot.parseFrom(r.body());
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
