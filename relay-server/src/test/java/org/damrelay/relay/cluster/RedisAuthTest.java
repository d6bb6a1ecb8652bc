package org.damrelay.relay.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.time.Duration;
import org.damrelay.relay.RelayServer;
import org.damrelay.relay.config.ConfigLoader;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.it.Plays;
import org.damrelay.relay.it.TestDriver;
import org.damrelay.relay.it.TestRelay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Redis with a password: the config's password reaches it; a wrong one stops the origin with one line. */
class RedisAuthTest {

    @TempDir Path dir;

    private RelayConfig origin(LocalRedis redis, String password) {
        return ConfigLoader.parse(TestRelay.yaml(dir.resolve("data"), 0) + "cluster: {role: origin, token: " + ClusterRig.TOKEN + ", redis: {uri: \"" + redis.uri()
                + "\", password: \"" + password + "\"}}\n", null);
    }

    @Test
    void thePasswordIsPassedThroughAndAWrongOneIsOneLine() throws Exception {
        try (LocalRedis redis = LocalRedis.start(dir.resolve("redis"), "--requirepass", "s3cret")) {
            IllegalStateException wrong = assertThrows(IllegalStateException.class, () -> RelayServer.start(origin(redis, "guess")));
            assertTrue(wrong.getMessage().startsWith("cannot reach Redis at " + redis.uri()), wrong.getMessage());
            assertEquals(1, wrong.getMessage().lines().count(), wrong.getMessage());

            try (RelayServer relay = RelayServer.start(origin(redis, "s3cret"));
                 TestDriver driver = new TestDriver("hall", TestRelay.DRIVER_TOKEN, "nk").connect(relay.port())) {
                driver.sendDurable("101", Plays.event(Plays.line(1, 1).get(0)));
                RedisURI uri = RedisURI.create(redis.uri());
                uri.setPassword("s3cret");
                try (RedisClient client = RedisClient.create(uri); StatefulRedisConnection<String, byte[]> c = client.connect(RedisLink.CODEC)) {
                    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                            .until(() -> c.sync().xlen("damrelay:updates") == 1);
                }
            }
        }
    }
}
