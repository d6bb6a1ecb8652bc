package org.damrelay.relay.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.records.RecordFile;

/**
 * Snapshot files {@code snapshot-<segment>.bin} ({@code [int length][int crc32c][RelaySnapshot]}),
 * written to a temporary file, fsync'd and renamed, so a crash leaves either the old or the new
 * one. Once a snapshot is safe the journal segments and snapshots before it are deleted.
 */
public final class SnapshotStore {

    static final int MAX_SNAPSHOT = Integer.MAX_VALUE - 64;
    private static final Pattern NAME = Pattern.compile("snapshot-(\\d+)\\.bin");

    private SnapshotStore() {}

    public static Path file(Path dir, long segment) {
        return dir.resolve("snapshot-" + segment + ".bin");
    }

    /** The newest snapshot, if any. A damaged one is an error: the segments before it are gone. */
    public static Optional<RelaySnapshot> latest(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return Optional.empty();
        long best = -1;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches()) best = Math.max(best, Long.parseLong(m.group(1)));
            }
        }
        if (best < 0) return Optional.empty();
        Path file = file(dir, best);
        RecordFile.Scan<RelaySnapshot> scan = RecordFile.scan(file, MAX_SNAPSHOT, RelaySnapshot.parser());
        // a snapshot is written whole and renamed into place: anything but one whole record is damage
        if (scan.records().size() != 1 || scan.validBytes() != scan.size()) {
            throw new IOException(file + " is damaged" + (scan.damage() != null ? " at offset " + scan.damage().offset() + ": "
                    + scan.damage().what() : " (" + scan.records().size() + " whole records, " + scan.size() + " bytes)"));
        }
        return Optional.of(scan.values().get(0));
    }

    /** Writes the snapshot, then removes what it makes unnecessary. */
    public static void write(Path dir, RelaySnapshot snapshot) throws IOException {
        RecordFile.writeAtomically(file(dir, snapshot.getSegment()), RecordFile.frame(snapshot.toByteArray()));
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String name = p.getFileName().toString();
                Matcher snap = NAME.matcher(name);
                Matcher seg = Pattern.compile("journal-(\\d+)\\.log").matcher(name);
                if ((snap.matches() && Long.parseLong(snap.group(1)) < snapshot.getSegment())
                        || (seg.matches() && Long.parseLong(seg.group(1)) < snapshot.getSegment())) {
                    Files.deleteIfExists(p);
                }
            }
        }
        RecordFile.syncDirectory(dir);
    }
}
