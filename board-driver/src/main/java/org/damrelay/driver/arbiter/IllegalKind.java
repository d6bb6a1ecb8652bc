package org.damrelay.driver.arbiter;

/** Subtypes of {@link EventType#ILLEGAL_MOVE}, as named in arbiter-events.md. */
public enum IllegalKind {
    CAPTURE_MISSED("6.2"),
    CAPTURE_NOT_MAXIMAL("6.3"),
    WRONG_PIECES_REMOVED("7.2"),
    REMOVED_WITHOUT_CAPTURE("7.2"),
    OPPONENT_PIECE_MOVED("7.2"),
    MOVED_TWICE("4"),
    UNCROWNED_KING_MOVED("3.4"),
    /** Frisian only: a fourth non-capturing move in a row with the same king while its side has men (Frisian art. 17). */
    KING_MOVE_LIMIT("Frisian 17"),
    OTHER("6.4");

    private final String article;

    IllegalKind(String article) {
        this.article = article;
    }

    public String article() {
        return article;
    }
}
