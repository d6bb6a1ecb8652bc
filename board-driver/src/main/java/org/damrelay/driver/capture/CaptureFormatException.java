package org.damrelay.driver.capture;

import java.io.IOException;

/** A capture line that is not in the format; the message names the line number and the problem. */
public final class CaptureFormatException extends IOException {
    private final int lineNumber;

    public CaptureFormatException(int lineNumber, String problem) {
        super("capture line " + lineNumber + ": " + problem);
        this.lineNumber = lineNumber;
    }

    public int lineNumber() {
        return lineNumber;
    }
}
