package org.damrelay.relay.config;

/**
 * One board of one round as the organiser enters it: players, team match, time control, rules,
 * and the physical board that feeds it (driver id + board serial or bus address).
 */
public record BoardPairing(int round, int board, PlayerEntry white, PlayerEntry black, String match,
                           String timeControl, String variant, String drawRules, String driver,
                           String sourceBoard, String startFen) {

    public record PlayerEntry(String name, int rating, String fedId, String team) {}
}
