package org.damrelay.relay.store;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.damrelay.proto.RelaySnapshot;

/**
 * Snapshot files {@code snapshot-<segment>.bin} ({@code [int length][int crc32c][RelaySnapshot]}),
 * written to a temporary file, fsync'd and renamed, so a crash leaves either the old or the new
 * one. Once a snapshot is safe the journal segments and snapshots before it are deleted.
 */
public final class SnapshotStore {

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
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file(dir, best)));
        int len = b.remaining() >= 8 ? b.getInt() : -1;
        int crc = b.remaining() >= 4 ? b.getInt() : 0;
        if (len < 0 || len != b.remaining()) throw new IOException(file(dir, best) + " is damaged (length)");
        byte[] payload = new byte[len];
        b.get(payload);
        if (Journal.crc(payload) != crc) throw new IOException(file(dir, best) + " is damaged (checksum)");
        try {
            return Optional.of(RelaySnapshot.parseFrom(payload));
        } catch (InvalidProtocolBufferException e) {
            throw new IOException(file(dir, best) + " is damaged: " + e.getMessage(), e);
        }
    }

    /** Writes the snapshot, then removes what it makes unnecessary. */
    public static void write(Path dir, RelaySnapshot snapshot) throws IOException {
        byte[] payload = snapshot.toByteArray();
        ByteBuffer b = ByteBuffer.allocate(8 + payload.length).putInt(payload.length).putInt(Journal.crc(payload)).put(payload);
        b.flip();
        Path tmp = dir.resolve("snapshot.tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            while (b.hasRemaining()) ch.write(b);
            ch.force(true);
        }
        Path target = file(dir, snapshot.getSegment());
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(dir);
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
    }

    private static void syncDirectory(Path dir) {
        // makes the rename durable on Linux; not supported everywhere, and then the rename is best effort
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // ignore: see above
        }
    }
}
