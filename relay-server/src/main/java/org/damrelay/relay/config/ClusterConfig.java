package org.damrelay.relay.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The {@code cluster} section of the relay's config. {@code single} (the default) is the one
 * process of before; an {@code origin} also appends what it releases to a Redis stream; an
 * {@code edge} serves spectators only, from that stream and the origin's state.
 *
 * @param origin an edge's way to the origin, for its state: {@code http://host:port}
 * @param token  the cluster's credential, the same on the origin and its edges: the origin answers
 *               {@code /cluster/...} only to a request that carries it
 */
public record ClusterConfig(Role role, Redis redis, String origin, String token) {

    /** Shortest cluster token taken: a secret, not a password to remember. */
    public static final int MIN_TOKEN = 16;

    public enum Role {
        SINGLE, ORIGIN, EDGE;

        @JsonCreator
        public static Role of(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cluster.role must be single, origin or edge, not \"" + name + "\"");
            }
        }

        @JsonValue
        public String lower() { return name().toLowerCase(Locale.ROOT); }
    }

    /**
     * Where the bus is and how to reach it. Credentials and TLS may also be in the URI
     * ({@code rediss://user:pass@host:port}); the fields here are for keeping them out of it.
     *
     * @param stream the stream's key: origin and edges of one broadcast name the same
     * @param maxLength the stream is trimmed to about this many entries; older history comes from the origin
     * @param caCertPem TLS: PEM of the CA that signed Redis's certificate (empty = the JVM's trust store)
     */
    public record Redis(String uri, String username, String password, boolean tls, boolean verifyPeer,
                        String caCertPem, String stream, long maxLength) {}

    public static ClusterConfig single() {
        return new ClusterConfig(Role.SINGLE, null, "", "");
    }

    /** One line naming what is missing, or null when the section is usable. */
    public String problem() {
        if (role == null || role == Role.SINGLE) return null;
        if (redis == null || redis.uri() == null || redis.uri().isBlank()) return "cluster.redis.uri is needed for role " + role.lower();
        if (redis.stream() == null || redis.stream().isBlank()) return "cluster.redis.stream must name the stream";
        if (token == null || token.strip().length() < MIN_TOKEN) {
            return "cluster.token must be a secret of at least " + MIN_TOKEN + " characters, the same on the origin and its edges";
        }
        String weak = weakToken(token.strip());
        if (weak != null) return "cluster.token " + weak + "; use a random one, e.g. the output of: openssl rand -hex 24";
        if (redis.maxLength() < 100) return "cluster.redis.maxLength must be at least 100 (got " + redis.maxLength() + ")";
        if (role == Role.EDGE && (origin == null || !origin.matches("https?://.+"))) {
            return "cluster.origin must be the origin's http://host:port for role edge (got \"" + (origin == null ? "" : origin) + "\")";
        }
        return null;
    }

    /** Tokens shown as examples in the docs: a copy-paste of one is no secret. */
    private static final java.util.Set<String> EXAMPLES = java.util.Set.of("a long random secret", "change-me-to-a-long-random-secret");
    /** The least estimated randomness of a cluster token, in bits (its characters' Shannon entropy times its length). */
    static final int MIN_TOKEN_BITS = 64;

    /** Why a token of the right length is still no secret (the docs' example, words, too few different characters), or null. */
    static String weakToken(String t) {
        if (EXAMPLES.contains(t.toLowerCase(Locale.ROOT))) return "is the example from the docs";
        if (t.chars().anyMatch(Character::isWhitespace)) return "has spaces (words are guessed long before random characters)";
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        t.codePoints().forEach(c -> counts.merge(c, 1, Integer::sum));
        double bits = 0;
        int n = t.codePointCount(0, t.length());
        for (int c : counts.values()) bits -= c * (Math.log((double) c / n) / Math.log(2));
        if (counts.size() < 8 || bits < MIN_TOKEN_BITS) {
            return "is too regular to be a secret (" + counts.size() + " different characters, about " + Math.round(bits)
                    + " bits; " + MIN_TOKEN_BITS + " needed)";
        }
        return null;
    }

    public ClusterConfig withRole(Role r, String originUrl) {
        return new ClusterConfig(r, redis, originUrl, token);
    }

    public ClusterConfig withRedisUri(String uri) {
        return new ClusterConfig(role, new Redis(uri, redis.username(), redis.password(), redis.tls(), redis.verifyPeer(),
                redis.caCertPem(), redis.stream(), redis.maxLength()), origin, token);
    }
}
