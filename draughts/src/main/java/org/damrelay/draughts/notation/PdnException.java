package org.damrelay.draughts.notation;

/**
 * A PDN record that cannot be read. The message names the game (its number in the file and
 * White - Black), the move number and side, and the offending text. The plies read before the
 * error are kept in {@link #partial()} so nothing already accepted is lost.
 */
public final class PdnException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int gameNumber;
    private final transient PdnGame partial;

    public PdnException(int gameNumber, PdnGame partial, String message, Throwable cause) {
        super(message, cause);
        this.gameNumber = gameNumber;
        this.partial = partial;
    }

    /** The game's number in its file, counting from 1. */
    public int gameNumber() {
        return gameNumber;
    }

    /** The game up to the error, or null when the error came before its moves could be read. */
    public PdnGame partial() {
        return partial;
    }
}
