package org.damrelay.driver.uplink;

import java.io.IOException;
import java.nio.file.Path;

/** A record in the middle of the outbox is damaged: not a torn tail, so nothing is cut silently. */
public final class OutboxCorruptedException extends IOException {
    public OutboxCorruptedException(Path file, long offset, String what) {
        super("outbox file " + file + " is damaged at byte " + offset + ": " + what
                + " (records after it are intact, so this is not a torn tail; move the file aside to inspect it)");
    }
}
