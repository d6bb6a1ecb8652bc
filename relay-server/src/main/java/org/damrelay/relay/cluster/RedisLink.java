package org.damrelay.relay.cluster;

import org.damrelay.relay.config.ClusterConfig;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import java.util.concurrent.TimeUnit;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.io.File;
import java.time.Duration;

/** A Lettuce client for the configured Redis, with its authentication and TLS passed through. */
final class RedisLink {

    /** Keys and field names as text, values (updates) as bytes. */
    static final RedisCodec<String, byte[]> CODEC = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);

    private RedisLink() {}

    /** The URI for messages and logs: without a password that may be written in it. */
    static String shown(ClusterConfig.Redis cfg) {
        return cfg.uri().replaceFirst("//[^@/]*@", "//");
    }

    /** Whether the URI names a Sentinel set ({@code redis-sentinel://host:26379,host2:26379#master}) rather than Redis itself. */
    static boolean sentinel(ClusterConfig.Redis cfg) {
        return cfg.uri().startsWith("redis-sentinel://") || cfg.uri().startsWith("rediss-sentinel://");
    }

    /**
     * With a Sentinel URI Lettuce asks the Sentinels for the master at every (re)connect, so
     * after a failover both roles reach the new master: the origin by reconnecting (its queued
     * appends go there), an edge by connecting again after its read failed.
     *
     * @param reconnect true: Lettuce reconnects by itself and replays what was queued meanwhile
     *                  (the origin's appends); false: a lost connection fails the call, and the
     *                  caller resynchronises (an edge)
     */
    static RedisClient client(ClusterConfig.Redis cfg, boolean reconnect) {
        RedisURI uri;
        try {
            uri = RedisURI.create(cfg.uri());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cluster.redis.uri \"" + shown(cfg) + "\": " + e.getMessage(), e);
        }
        if (cfg.username() != null && !cfg.username().isBlank()) uri.setUsername(cfg.username());
        if (cfg.password() != null && !cfg.password().isEmpty()) uri.setPassword(cfg.password());
        if (cfg.tls()) uri.setSsl(true);
        if (uri.isSsl()) uri.setVerifyPeer(cfg.verifyPeer());
        // an edge's blocking read is 0.5 s: a Redis that hangs fails the call within seconds, not a minute
        if (!reconnect) uri.setTimeout(Duration.ofSeconds(5));
        // the origin reconnects by itself: within a second of Redis answering again (Lettuce's default
        // backoff grows to 30 s, while edges went back to the stream and heard nothing); its own
        // resources, shut down with it (RedisStreamBus.close)
        RedisClient client = reconnect
                ? RedisClient.create(DefaultClientResources.builder()
                        .reconnectDelay(Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS)).build(), uri)
                : RedisClient.create(uri);
        ClientOptions.Builder options = ClientOptions.builder().autoReconnect(reconnect)
                // bounded: a Redis away for long makes the origin drop appends (edges resync) rather than grow
                .requestQueueSize(100_000);
        if (cfg.caCertPem() != null && !cfg.caCertPem().isBlank()) {
            options.sslOptions(SslOptions.builder().jdkSslProvider().trustManager(new File(cfg.caCertPem())).build());
        }
        client.setOptions(options.build());
        return client;
    }
}
