package org.damrelay.relay.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Room on the journal's disk. Below {@link #MIN_FREE_BYTES} the relay does not take ingest (its
 * health says so before a write fails), and a start that fails on the disk says where and how
 * much it needs in one line.
 */
public final class DiskSpace {

    /** Room for the largest record the journal takes and a snapshot's temp file beside it. */
    public static final long MIN_FREE_BYTES = 2L * Journal.MAX_RECORD;

    private DiskSpace() {}

    /** Bytes the relay may still write in {@code dir} (its nearest existing ancestor), or -1 if unknown. */
    public static long free(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            try {
                if (Files.exists(p)) return Files.getFileStore(p).getUsableSpace();
            } catch (IOException e) {
                return -1;
            }
        }
        return -1;
    }

    /** Why {@code dir} cannot take ingest now, or null when it can. */
    public static String problem(Path dir) {
        long free = free(dir);
        if (free < 0 || free >= MIN_FREE_BYTES) return null;
        return "disk full: " + free + " bytes free in " + dir + ", the relay needs " + MIN_FREE_BYTES;
    }

    /** One line for a start that failed on the data directory (a full disk, a file too large, no permission). */
    public static String startFailure(Path dir, IOException e) {
        String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        long free = free(dir);
        return "cannot start on data directory " + dir.toAbsolutePath() + ": " + what
                + (free < 0 ? "" : " (" + free + " bytes free there; the relay needs at least " + MIN_FREE_BYTES
                        + " free to start and take records)");
    }
}
