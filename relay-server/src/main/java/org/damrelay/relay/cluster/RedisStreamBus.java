package org.damrelay.relay.cluster;

import org.damrelay.relay.config.ClusterConfig;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.fanout.InProcessBus;
import org.damrelay.relay.core.UpdateBus;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.http.Health;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The origin's bus: what it releases goes to its own spectators as before, into the
 * {@link OriginLog} its edges may ask, and is appended to a Redis stream (as
 * {@link SpectatorView}s) for the edges. Appends are asynchronous and in order on one
 * connection; the stream is trimmed to about {@code maxLength} entries. A restarted origin does
 * not append again what the stream already holds (it reads each game's last version there at
 * start), only what is newer: what a crash kept from the stream.
 */
public final class RedisStreamBus implements UpdateBus, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisStreamBus.class);

    private final InProcessBus local = new InProcessBus();
    private final RedisClient client;
    private final StatefulRedisConnection<String, byte[]> connection;
    private final String stream;
    private final ClusterConfig.Redis redisConfig;
    private final XAddArgs trim;
    private final OriginLog originLog;
    private final ClusterMetrics metrics;
    /** Per game, the last version the stream held when this origin started: not appended again. */
    private final Map<String, Integer> held;
    private volatile GameBook book;
    private final AtomicBoolean failing = new AtomicBoolean();
    private final ScheduledExecutorService lengthProbe = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "redis-stream-length");
        t.setDaemon(true);
        return t;
    });

    private RedisStreamBus(RedisClient client, StatefulRedisConnection<String, byte[]> connection, ClusterConfig cc,
                           Map<String, Integer> held, ClusterMetrics metrics) {
        this.client = client;
        this.connection = connection;
        this.stream = cc.redis().stream();
        this.redisConfig = cc.redis();
        this.trim = XAddArgs.Builder.maxlen(cc.redis().maxLength()).approximateTrimming();
        // this process's name in the stream: entries of a restarted origin start a new count
        this.originLog = new OriginLog(cc.token(), System.currentTimeMillis());
        this.held = held;
        this.metrics = metrics;
        lengthProbe.scheduleWithFixedDelay(() -> {
            // not queued while disconnected: the appends wait in that queue
            if (connection.isOpen()) connection.async().xlen(stream).thenAccept(metrics::streamLength);
        }, 0, 5, TimeUnit.SECONDS);
    }

    /** Connects now: an origin that cannot reach its bus says so at start, in one line. */
    public static RedisStreamBus open(ClusterConfig cc, ClusterMetrics metrics) {
        RedisClient client = RedisLink.client(cc.redis(), true);
        try {
            StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC);
            return new RedisStreamBus(client, c, cc, versionsHeld(c, cc.redis().stream()), metrics);
        } catch (RedisException e) {
            client.shutdown(0, 2, TimeUnit.SECONDS);
            client.getResources().shutdown(0, 2, TimeUnit.SECONDS);
            String why = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            throw new IllegalStateException("cannot reach Redis at " + RedisLink.shown(cc.redis()) + ": " + why, e);
        }
    }

    /** Each game's last version on the stream, read in batches from the oldest entry. */
    private static Map<String, Integer> versionsHeld(StatefulRedisConnection<String, byte[]> c, String stream) {
        Map<String, Integer> held = new HashMap<>();
        String from = "-";
        while (true) {
            List<StreamMessage<String, byte[]>> batch = c.sync().xrange(stream, Range.create(from, "+"), Limit.from(1000));
            for (StreamMessage<String, byte[]> m : batch) {
                if (m.getId().equals(from)) continue;
                try {
                    GameUpdate u = StreamEntry.of(m.getBody()).update();
                    held.merge(u.getGameId(), u.getVersion(), Math::max);
                } catch (IllegalArgumentException e) {
                    // not ours: nothing to skip for it
                }
            }
            if (batch.size() < 1000) break;
            from = batch.get(batch.size() - 1).getId();
        }
        if (!held.isEmpty()) log.info("Redis stream {} holds {} games already: appending only what is newer", stream, held.size());
        return held;
    }

    /** Core thread, once the origin's games are loaded: what edges may ask for ({@code /cluster/...}). */
    public void attach(GameBook book) {
        this.book = book;
        for (GameRecord g : book.games()) originLog.game(g.initialInfo());
    }

    public OriginLog originLog() { return originLog; }

    /** Core thread: to local spectators, to the log edges may ask, then appended to the stream without waiting. */
    @Override
    public void publish(GameUpdate update) {
        local.publish(update);
        GameUpdate view = SpectatorView.of(update);
        boolean entry = view.getVersion() > held.getOrDefault(view.getGameId(), 0);
        long seq = originLog.released(view, info(view.getGameId()), entry);
        if (!entry) return;
        StreamEntry e = new StreamEntry(originLog.epoch(), seq, view);
        connection.async().xadd(stream, trim, e.fields()).whenComplete((id, err) -> {
            if (err == null) {
                metrics.appended();
                if (failing.compareAndSet(true, false)) log.info("appending to Redis stream {} again", stream);
            } else {
                metrics.appendFailed();
                // edges see the hole by sequence and resync from this origin: logged once per outage
                if (failing.compareAndSet(false, true)) log.warn("cannot append to Redis stream {}: {}", stream, err.toString());
            }
        });
    }

    /** The game's pairing as loaded (its id alone in the moment before the book is attached: edges hold the pairings too). */
    private GameInfo info(String gameId) {
        GameBook b = book;
        GameRecord g = b == null ? null : b.game(gameId);
        return g != null ? g.initialInfo() : GameInfo.newBuilder().setGameId(gameId).build();
    }

    /** The origin's cluster part of /health: DEGRADED while appends fail (its edges follow it directly meanwhile). */
    public Health health() {
        // disconnected, Lettuce queues the appends rather than failing them: the link itself tells
        if (connection.isOpen() && !failing.get()) return Health.UP;
        return Health.degraded("cannot append to redis " + RedisLink.shown(redisConfig) + (RedisLink.sentinel(redisConfig)
                ? " (Sentinel: its master failing over?)" : "") + ": edges follow this origin directly");
    }

    @Override
    public void subscribe(Consumer<GameUpdate> listener) {
        local.subscribe(listener);
    }

    @Override
    public void close() {
        lengthProbe.shutdownNow();
        originLog.close();
        connection.close();
        client.shutdown(0, 2, TimeUnit.SECONDS);
        client.getResources().shutdown(0, 2, TimeUnit.SECONDS);
    }
}
