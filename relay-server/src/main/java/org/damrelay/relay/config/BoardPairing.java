package org.damrelay.relay.config;

/**
 * One board of one round as the organiser enters it: players, team match, the competition's
 * settings (a blank one is the round's, then the variant's default), the start position, and the
 * physical board that feeds it (driver id + board serial or bus address).
 *
 * @param timeControl     the PDN TimeControl tag: {@code 5400+60}, {@code 40/7200:3600+30}
 * @param increment       FISCHER or BRONSTEIN
 * @param agreedDrawLimit FORTY_MOVES (SWR 13.4), TEN_PIECES (13.5) or NONE
 * @param startCounts     an adjourned game's running draw counts: {@code SIXTEEN_MOVES=9,TWENTY_FIVE_MOVES=9}
 */
public record BoardPairing(int round, int board, PlayerEntry white, PlayerEntry black, String match,
                           String timeControl, String variant, String drawRules, String driver,
                           String sourceBoard, String startFen, String increment, String agreedDrawLimit,
                           String startCounts) {

    /**
     * A player as the pairings name them. Names and teams enter the relay here only, so here they
     * get single spaces: PDN files such as the KNDB's write "H.  van der Zee", and every page, the
     * PDN tags and the terminal would repeat the double space.
     */
    public record PlayerEntry(String name, int rating, String fedId, String team) {
        public PlayerEntry {
            name = singleSpaced(name);
            team = singleSpaced(team);
        }
    }

    /** Runs of white space as one space, none at either end; null stays null (not given). Every person's name entering the relay goes through it. */
    public static String singleSpaced(String s) {
        return s == null ? null : s.strip().replaceAll("\\s+", " ");
    }
}
