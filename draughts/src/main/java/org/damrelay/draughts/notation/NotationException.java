package org.damrelay.draughts.notation;

/** A move text that does not name exactly one legal move in its position. */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Why the text was refused. */
    public enum Reason { MALFORMED, ILLEGAL, AMBIGUOUS }

    private final Reason reason;
    private final String moveText;

    public NotationException(Reason reason, String moveText, String message) {
        super(message);
        this.reason = reason;
        this.moveText = moveText;
    }

    public Reason reason() { return reason; }
    public String moveText() { return moveText; }
}
