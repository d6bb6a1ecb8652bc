package org.damrelay.draughts.notation;

/** A FEN string that cannot be read; the message names the offending part and the whole input. */
public final class FenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FenException(String message) {
        super(message);
    }
}
