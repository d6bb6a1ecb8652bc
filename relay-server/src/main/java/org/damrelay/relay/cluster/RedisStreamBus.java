package org.damrelay.relay.cluster;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.fanout.InProcessBus;
import org.damrelay.relay.fanout.UpdateBus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The origin's bus: what it releases goes to its own spectators as before, and is appended to a
 * Redis stream (as {@link SpectatorView}s) for the edges. Appends are asynchronous and in order
 * on one connection; the stream is trimmed to about {@code maxLength} entries.
 */
public final class RedisStreamBus implements UpdateBus, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisStreamBus.class);

    private final InProcessBus local = new InProcessBus();
    private final RedisClient client;
    private final StatefulRedisConnection<String, byte[]> connection;
    private final String stream;
    private final XAddArgs trim;
    /** This process's name in the stream: entries of a restarted origin start a new count. */
    private final long epoch = System.currentTimeMillis();
    private long seq;
    private final AtomicBoolean failing = new AtomicBoolean();

    private RedisStreamBus(RedisClient client, StatefulRedisConnection<String, byte[]> connection, ClusterConfig.Redis cfg) {
        this.client = client;
        this.connection = connection;
        this.stream = cfg.stream();
        this.trim = XAddArgs.Builder.maxlen(cfg.maxLength()).approximateTrimming();
    }

    /** Connects now: an origin that cannot reach its bus says so at start, in one line. */
    public static RedisStreamBus open(ClusterConfig.Redis cfg) {
        RedisClient client = RedisLink.client(cfg, true);
        try {
            return new RedisStreamBus(client, client.connect(RedisLink.CODEC), cfg);
        } catch (RedisException e) {
            client.shutdown(0, 2, TimeUnit.SECONDS);
            String why = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            throw new IllegalStateException("cannot reach Redis at " + RedisLink.shown(cfg) + ": " + why, e);
        }
    }

    /** Core thread: to local spectators, then appended to the stream without waiting. */
    @Override
    public void publish(GameUpdate update) {
        local.publish(update);
        StreamEntry entry = new StreamEntry(epoch, ++seq, SpectatorView.of(update));
        connection.async().xadd(stream, trim, entry.fields()).whenComplete((id, err) -> {
            if (err == null) {
                if (failing.compareAndSet(true, false)) log.info("appending to Redis stream {} again", stream);
            } else if (failing.compareAndSet(false, true)) {
                // edges see the hole by sequence and resync from this origin: logged once per outage
                log.warn("cannot append to Redis stream {}: {}", stream, err.toString());
            }
        });
    }

    @Override
    public void subscribe(Consumer<GameUpdate> listener) {
        local.subscribe(listener);
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }
}
