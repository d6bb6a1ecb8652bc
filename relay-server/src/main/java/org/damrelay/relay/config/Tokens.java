package org.damrelay.relay.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/** Token checks against stored SHA-256 digests, in constant time. */
public final class Tokens {

    private Tokens() {}

    public static String sha256Hex(String token) {
        return HexFormat.of().formatHex(sha256(token));
    }

    /**
     * The configured token the given one hashes to, if any and not revoked. Every candidate is
     * compared in full ({@link MessageDigest#isEqual} is constant time), so the answer's timing
     * does not tell which digest came close.
     */
    public static Optional<EventConfig.TokenConfig> match(String token, List<EventConfig.TokenConfig> candidates) {
        if (token == null || token.isEmpty()) return Optional.empty();
        byte[] digest = sha256(token);
        EventConfig.TokenConfig found = null;
        for (EventConfig.TokenConfig c : candidates) {
            byte[] expected;
            try {
                expected = HexFormat.of().parseHex(c.sha256().toLowerCase());
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (MessageDigest.isEqual(digest, expected) && !c.revoked() && found == null) found = c;
        }
        return Optional.ofNullable(found);
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
