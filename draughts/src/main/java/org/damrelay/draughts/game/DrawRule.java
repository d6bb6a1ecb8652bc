package org.damrelay.draughts.game;

/**
 * One rule that can end a game in a draw, with the article it comes from and, for a counted
 * rule, how many moves it counts to.
 */
public enum DrawRule {
    /** 16 moves by both in 1 king against 3 pieces including a king (SWR 9.2a). */
    SIXTEEN_MOVES("16-move", "SWR 9.2a", 16),
    /** 5 moves by both in 1 king against at most 2 pieces including a king (SWR 9.2b). */
    FIVE_MOVES("5-move", "SWR 9.2b", 5),
    /** The same position with the same side to move for the third time (SWR 9.2c). */
    REPETITION("threefold repetition", "SWR 9.2c", 3),
    /** 25 moves by both only with kings and without a capture (SWR 9.2d). */
    TWENTY_FIVE_MOVES("25-move", "SWR 9.2d", 25),
    /** 1, 2 or 3 kings against a lone king and nothing else: 10 more moves each (ZWH H). */
    ZWH_KINGS_ENDGAME("10-move", "ZWH H", 10),
    /** 25 moves each without a capture or a man moved (ZWH K). */
    ZWH_TWENTY_FIVE_MOVES("25-move", "ZWH K", 25),
    /** The player to move has been to move in this position twice before (ZWH K). */
    ZWH_REPETITION("threefold repetition", "ZWH K", 3),
    /** 2 kings alone against 1 king alone: the stronger side must win within 7 moves (Frisian art. 18). */
    FRISIAN_TWO_KINGS("7-move", "Frisian art. 18", 7),
    /** 1 king against 1 king with no capture on or forced next move (Frisian art. 21). */
    FRISIAN_KING_VS_KING("king against king", "Frisian art. 21", 0);

    private final String label;
    private final String article;
    private final int limit;

    DrawRule(String label, String article, int limit) {
        this.label = label;
        this.article = article;
        this.limit = limit;
    }

    /** Short English name for the arbiter console, e.g. "16-move". */
    public String label() { return label; }

    /** Where the rule is written, e.g. "SWR 9.2a". */
    public String article() { return article; }

    /** Moves to count to (occurrences for a repetition; 0 for a rule without a count). */
    public int limit() { return limit; }
}
