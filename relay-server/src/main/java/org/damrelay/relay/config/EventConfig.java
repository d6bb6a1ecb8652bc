package org.damrelay.relay.config;

import java.util.List;

/**
 * One event: its tokens (SHA-256 digests only), its rounds with their broadcast delay, and its
 * pairings, from a file ({@code pairings}, JSON or CSV) and/or inline ({@code boards}), and the
 * language of its documents ({@code language}: nl, the default, or en).
 */
public record EventConfig(String id, String name, String site, List<TokenConfig> driverTokens,
                          List<TokenConfig> arbiterTokens, List<RoundConfig> rounds, String pairings,
                          List<BoardPairing> boards, String language) {

    /** The languages the viewer's documents (the match report) are written in. */
    public static final java.util.Set<String> LANGUAGES = java.util.Set.of("nl", "en");

    public EventConfig {
        if (id == null || !id.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("event id \"" + id + "\" must match [a-z0-9_-]+");
        }
        driverTokens = driverTokens == null ? List.of() : List.copyOf(driverTokens);
        arbiterTokens = arbiterTokens == null ? List.of() : List.copyOf(arbiterTokens);
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
        boards = boards == null ? List.of() : List.copyOf(boards);
        name = name == null ? id : name;
        site = site == null ? "" : site;
        // a Dutch competition by default: its match report is signed in Dutch
        language = language == null || language.isBlank() ? "nl" : language.trim().toLowerCase(java.util.Locale.ROOT);
        if (!LANGUAGES.contains(language)) {
            throw new IllegalArgumentException("event " + id + ": language \"" + language + "\" must be nl or en");
        }
    }

    /** Broadcast delay of a round in seconds (SWR 16.1), 0 when the round is not configured. */
    public int delaySeconds(int round) {
        for (RoundConfig r : rounds) if (r.number() == round) return r.delaySeconds();
        return 0;
    }

    /** The round's settings, or null when the round is not configured. */
    public RoundConfig round(int number) {
        for (RoundConfig r : rounds) if (r.number() == number) return r;
        return null;
    }

    /**
     * @param delaySeconds 0 to 3600
     * @param variant      the round's settings, for every board that leaves the field blank (all optional)
     */
    public record RoundConfig(int number, int delaySeconds, String date, String variant, String drawRules,
                              String agreedDrawLimit, String timeControl, String increment) {
        public RoundConfig {
            if (delaySeconds < 0 || delaySeconds > 3600) {
                throw new IllegalArgumentException("round " + number + ": delaySeconds " + delaySeconds + " not in 0..3600");
            }
        }
    }

    /** @param sha256 lower-case hex SHA-256 of the token; the token itself is never stored */
    public record TokenConfig(String name, String sha256, boolean revoked) {}
}
