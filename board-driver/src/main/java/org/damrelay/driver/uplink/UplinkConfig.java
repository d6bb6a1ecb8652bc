package org.damrelay.driver.uplink;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and as whom a driver feeds the relay.
 *
 * @param relay       {@code ws://host:port/ingest} or {@code wss://...} (TLS, JDK trust store)
 * @param token       the event's driver token
 * @param eventId     the event this driver feeds
 * @param driverId    stable name of this driver, e.g. {@code hall-a}
 * @param minBackoff  first reconnect delay
 * @param maxBackoff  reconnect delays double up to this
 * @param window      at most this many events sent and not yet acked
 * @param heldRetry   a board whose event the relay refused is tried again after this long
 * @param trustPem    for wss://, the certificates (PEM) to trust instead of the JDK trust store,
 *                    for a relay with a private CA; null for the JDK trust store
 */
public record UplinkConfig(URI relay, String token, String eventId, String driverId,
                           Duration minBackoff, Duration maxBackoff, int window, Duration heldRetry, Path trustPem) {

    public UplinkConfig {
        Objects.requireNonNull(relay, "relay");
        String scheme = relay.getScheme();
        if (!"ws".equalsIgnoreCase(scheme) && !"wss".equalsIgnoreCase(scheme)) {
            throw new IllegalArgumentException("relay address must be ws:// or wss://, not " + relay);
        }
        if (relay.getHost() == null) throw new IllegalArgumentException("relay address has no host: " + relay);
        if (token == null || token.isBlank()) throw new IllegalArgumentException("driver token is empty");
        if (eventId == null || !eventId.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("event id must match [a-z0-9_-]+, not " + eventId);
        }
        if (driverId == null || driverId.isBlank()) throw new IllegalArgumentException("driver id is empty");
        if (window < 1) throw new IllegalArgumentException("window must be at least 1, not " + window);
        if (minBackoff.isNegative() || minBackoff.isZero() || maxBackoff.compareTo(minBackoff) < 0) {
            throw new IllegalArgumentException("backoff must satisfy 0 < min <= max, not " + minBackoff + ".." + maxBackoff);
        }
    }

    /** Defaults for a hall: 0.5 s doubling to 30 s, 1000 events in flight, refused boards retried each minute. */
    public static UplinkConfig of(URI relay, String token, String eventId, String driverId) {
        return new UplinkConfig(relay, token, eventId, driverId, Duration.ofMillis(500), Duration.ofSeconds(30),
                1000, Duration.ofMinutes(1), null);
    }

    public UplinkConfig withBackoff(Duration min, Duration max) {
        return new UplinkConfig(relay, token, eventId, driverId, min, max, window, heldRetry, trustPem);
    }

    public UplinkConfig withWindow(int window) {
        return new UplinkConfig(relay, token, eventId, driverId, minBackoff, maxBackoff, window, heldRetry, trustPem);
    }

    public UplinkConfig withTrust(Path pem) {
        return new UplinkConfig(relay, token, eventId, driverId, minBackoff, maxBackoff, window, heldRetry, pem);
    }

    boolean tls() {
        return "wss".equalsIgnoreCase(relay.getScheme());
    }

    int port() {
        return relay.getPort() > 0 ? relay.getPort() : tls() ? 443 : 80;
    }
}
