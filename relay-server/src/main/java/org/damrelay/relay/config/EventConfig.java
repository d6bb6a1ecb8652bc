package org.damrelay.relay.config;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * One event: its tokens (SHA-256 digests only), its rounds with their broadcast delay, and its
 * pairings, from a file ({@code pairings}, JSON or CSV) and/or inline ({@code boards}), and the
 * language of its documents ({@code language}: nl, the default, or en), and the name of the
 * event's arbiter ({@code arbiter}, optional: printed on the match report above the signature).
 */
public record EventConfig(String id, String name, String site, List<TokenConfig> driverTokens,
                          List<TokenConfig> arbiterTokens, List<RoundConfig> rounds, String pairings,
                          List<BoardPairing> boards, String language, String arbiter) {

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
        arbiter = arbiter == null ? "" : arbiter.strip();
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
     * @param date         the day it is played, YYYY-MM-DD (the PDN's Date); empty or null when not known
     * @param variant      the round's settings, for every board that leaves the field blank (all optional)
     */
    public record RoundConfig(int number, int delaySeconds, String date, String variant, String drawRules,
                              String agreedDrawLimit, String timeControl, String increment) {
        public RoundConfig {
            if (delaySeconds < 0 || delaySeconds > 3600) {
                throw new IllegalArgumentException("round " + number + ": delaySeconds " + delaySeconds + " not in 0..3600");
            }
            if (date != null && !date.isBlank()) {
                try {
                    LocalDate.parse(date.strip());
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("round " + number + ": date \"" + date + "\" is not a date YYYY-MM-DD");
                }
            }
        }
    }

    /** @param sha256 lower-case hex SHA-256 of the token; the token itself is never stored */
    public record TokenConfig(String name, String sha256, boolean revoked) {

        /** What is wrong with this entry as written in a config, or null. */
        String problem() {
            if (name == null || name.isBlank()) return "a token without a name";
            // a digest cut short (a half-written save) would silently revoke the token it was
            if (sha256 == null || !sha256.matches("[0-9a-fA-F]{64}")) return "token " + name + ": sha256 must be 64 hex digits (damrelay relay --hash-token)";
            return null;
        }
    }
}
