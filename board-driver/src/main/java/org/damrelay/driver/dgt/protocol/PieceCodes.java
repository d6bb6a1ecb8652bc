package org.damrelay.driver.dgt.protocol;

import java.util.concurrent.atomic.AtomicBoolean;
import org.damrelay.driver.board.Sensed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The table from the board's piece codes to what the sensor saw. Standard: 0x00 empty, 0x01 white
 * man, 0x04 black man, 0x07 white king, 0x0a black king; an older firmware swaps 0x04 and 0x07.
 * Codes are masked with 0x0f (other bits are logged); a code the table does not know is
 * {@link Sensed#UNKNOWN}.
 */
public final class PieceCodes {
    private static final Logger log = LoggerFactory.getLogger(PieceCodes.class);

    private final int whiteMan, blackMan, whiteKing, blackKing;
    private final boolean swapped;
    private final AtomicBoolean warnedHighBits = new AtomicBoolean();

    private PieceCodes(int whiteMan, int blackMan, int whiteKing, int blackKing, boolean swapped) {
        this.whiteMan = whiteMan;
        this.blackMan = blackMan;
        this.whiteKing = whiteKing;
        this.blackKing = blackKing;
        this.swapped = swapped;
    }

    public static PieceCodes standard() {
        return new PieceCodes(0x01, 0x04, 0x07, 0x0a, false);
    }

    /** The older firmware: black man 0x07, white king 0x04. */
    public static PieceCodes swapped() {
        return new PieceCodes(0x01, 0x07, 0x04, 0x0a, true);
    }

    public boolean isSwapped() {
        return swapped;
    }

    /** The other table of the two. */
    public PieceCodes other() {
        return swapped ? standard() : swapped();
    }

    public Sensed sensed(int rawCode) {
        int high = rawCode & 0xf0;
        if (high != 0) {
            if (warnedHighBits.compareAndSet(false, true)) {
                log.warn("piece code 0x{} has bits outside 0x0f set; masking them (logged once, then at debug)", Integer.toHexString(rawCode & 0xff));
            } else {
                log.debug("piece code 0x{} masked", Integer.toHexString(rawCode & 0xff));
            }
        }
        int code = rawCode & 0x0f;
        if (code == 0) {
            return Sensed.EMPTY;
        } else if (code == whiteMan) {
            return Sensed.WHITE_MAN;
        } else if (code == blackMan) {
            return Sensed.BLACK_MAN;
        } else if (code == whiteKing) {
            return Sensed.WHITE_KING;
        } else if (code == blackKing) {
            return Sensed.BLACK_KING;
        }
        return Sensed.UNKNOWN;
    }

    public Sensed[] sensed(byte[] rawCodes) {
        Sensed[] out = new Sensed[rawCodes.length];
        for (int i = 0; i < rawCodes.length; i++) {
            out[i] = sensed(rawCodes[i]);
        }
        return out;
    }

    /** The code this table uses for a sensed value; UNKNOWN encodes as 0x0f (no table uses it). */
    public int codeOf(Sensed s) {
        switch (s) {
            case EMPTY: return 0;
            case WHITE_MAN: return whiteMan;
            case BLACK_MAN: return blackMan;
            case WHITE_KING: return whiteKing;
            case BLACK_KING: return blackKing;
            default: return 0x0f;
        }
    }

    @Override public String toString() {
        return swapped ? "PieceCodes[swapped: black man 0x07, white king 0x04]" : "PieceCodes[standard]";
    }
}
