package org.damrelay.driver.arbiter;

/** The event names of shared/spec/arbiter-events.md; stable, they are the API. */
public enum EventType {
    MOVE("4, 5"),
    MOVE_REPLACED("6.7"),
    MOVE_RETRACTED("7.2"),
    ILLEGAL_MOVE("6.4, 7.2"),
    IRREGULAR_MOVE_STANDS("7.2"),
    UNCROWNED_KING("3.3, 3.4"),
    KING_CROWNED("3.3"),
    ACCIDENTAL_DISPLACEMENT("6.8"),
    TOUCH_MOVE("6.6"),
    CAPTURE_EXECUTION("6.1, manual 4.4"),
    BOARD_ORIENTATION("7.1"),
    POSITION_UNKNOWN("17"),
    POSITION_RECOVERED(""),
    DRAW_RULE_STARTED("9.2"),
    DRAW_BY_RULE("9.2"),
    EARLY_DRAW_AGREED("13.4"),
    NO_LEGAL_MOVES("8.1"),
    CLOCK_PRESSED_WITHOUT_MOVE("manual 4.4"),
    /** A move was made and the opponent moved before its player pressed the clock (information). */
    CLOCK_NOT_PRESSED("manual 4.4"),
    INCOMPLETE_MOVE("6.7"),
    FLAG_FALL("10.6, 12.1"),
    CLOCK_MISMATCH("manual 4.2"),
    /**
     * The pieces were set up in the starting position again after more than two plies: the game
     * so far is closed and a new one begins (an addition to arbiter-events.md, which has no name
     * for it; short takebacks to the start stay MOVE_RETRACTED).
     */
    GAME_STARTED(""),
    /**
     * The driver started after the game had begun and no start position was given: the record
     * starts from the first settled position seen (an addition to arbiter-events.md).
     */
    JOINED_MID_GAME("17"),
    /**
     * The pieces were taken off the board, all or most of both colours (the rest standing where the
     * game has them), as after a resignation (SWR 8.2): no move is made up and the game's position
     * stays; the arbiter asks the players the result and enters it (manual 5.4) (an addition to
     * arbiter-events.md).
     */
    BOARD_CLEARED("8.2, manual 5.4"),
    BOARD_DISCONNECTED(""),
    BOARD_RECONNECTED("");

    private final String article;

    EventType(String article) {
        this.article = article;
    }

    /** The SWR article (or arbiter manual section) the event concerns; empty when none. */
    public String article() {
        return article;
    }
}
