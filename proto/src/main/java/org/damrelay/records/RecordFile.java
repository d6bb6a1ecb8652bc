package org.damrelay.records;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The one file format of every durable record file: the relay's journal segments and snapshots
 * and the driver's outbox segments. A file is a run of records {@code [int length][int crc32c]
 * [payload]}, the payload a protobuf message; the largest record a file may hold is the caller's
 * parameter.
 *
 * <p>The one recovery rule ({@link #scan}): reading stops at the first record that is not whole
 * and valid. That record is a <em>torn tail</em> when nothing but an interrupted write can follow
 * it: it runs past the end of the file, it ends exactly at the end of the file, or only zeros
 * follow its start (what a crash mid-append leaves). Anything else is <em>damage</em>, reported
 * with the file and the offset; what to do with it (refuse to start, keep bytes aside) is the
 * caller's decision, never a silent cut.
 */
public final class RecordFile {

    public static final int HEADER = 8;

    private RecordFile() {}

    /** A record read back, with where it starts in its file. */
    public record Record<T>(long offset, T value) {}

    /** A bad record: where it starts, and what is wrong with it. */
    public record Damage(Path file, long offset, String what) {
        @Override
        public String toString() {
            return file + " at offset " + offset + ": " + what;
        }
    }

    /**
     * What a scan found: the whole records before the first bad one, where the valid bytes end,
     * and the bad record if it is damage (null when the file is whole or ends in a torn tail).
     */
    public record Scan<T>(Path file, List<Record<T>> records, long validBytes, long size, Damage damage) {
        public boolean torn() {
            return damage == null && validBytes < size;
        }

        public List<T> values() {
            return records.stream().map(Record::value).toList();
        }
    }

    /** Every readable record of a damaged file, and the byte ranges between them that are not records. */
    public record Salvage<T>(List<Record<T>> records, List<Range> damaged) {}

    /** Bytes {@code [from, to)} of a file. */
    public record Range(long from, long to) {}

    /** One record's bytes, ready to append. */
    public static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(HEADER + payload.length).putInt(payload.length).putInt(crc(payload)).put(payload).array();
    }

    /** Appends {@code payload} framed to {@code buf}, which must have room for {@code HEADER + payload.length}. */
    public static void frameInto(ByteBuffer buf, byte[] payload) {
        buf.putInt(payload.length).putInt(crc(payload)).put(payload);
    }

    public static int crc(byte[] payload) {
        CRC32C c = new CRC32C();
        c.update(payload);
        return (int) c.getValue();
    }

    /** Reads every whole record up to the first bad one (see the class comment for the rule). */
    public static <T> Scan<T> scan(Path file, int maxRecord, Parser<T> parser) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            List<Record<T>> records = new ArrayList<>();
            long pos = 0;
            while (pos < size) {
                Read<T> r = read(ch, pos, size, maxRecord, parser);
                if (r.bad != null) {
                    boolean torn = r.runsPastEnd || r.end == size || zerosFrom(ch, pos, size);
                    return new Scan<>(file, records, pos, size, torn ? null : new Damage(file, pos, r.bad));
                }
                records.add(new Record<>(pos, r.value));
                pos = r.end;
            }
            return new Scan<>(file, records, pos, size, null);
        }
    }

    /**
     * Every record that reads as whole and valid anywhere in the file: after a bad record the
     * next offset at which a valid record starts is searched byte by byte (a CRC-32C and a
     * parse both have to agree, so a false start is out of the question in practice).
     */
    public static <T> Salvage<T> salvage(Path file, int maxRecord, Parser<T> parser) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            List<Record<T>> records = new ArrayList<>();
            List<Range> damaged = new ArrayList<>();
            long pos = 0, badFrom = -1;
            while (pos < size) {
                Read<T> r = read(ch, pos, size, maxRecord, parser);
                if (r.bad == null) {
                    if (badFrom >= 0) damaged.add(new Range(badFrom, pos));
                    badFrom = -1;
                    records.add(new Record<>(pos, r.value));
                    pos = r.end;
                } else {
                    if (badFrom < 0) badFrom = pos;
                    pos++;
                }
            }
            if (badFrom >= 0) damaged.add(new Range(badFrom, size));
            return new Salvage<>(records, damaged);
        }
    }

    /** One attempt to read a record at {@code pos}: its value and end, or what is wrong with it. */
    private record Read<T>(T value, long end, String bad, boolean runsPastEnd) {}

    private static <T> Read<T> read(FileChannel ch, long pos, long size, int maxRecord, Parser<T> parser) throws IOException {
        if (size - pos < HEADER) return new Read<>(null, size, "header cut short", true);
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        readFully(ch, header, pos);
        int len = header.getInt(0);
        int crc = header.getInt(4);
        if (len <= 0 || len > maxRecord) return new Read<>(null, -1, "record length " + len + " out of range 1.." + maxRecord, false);
        if (size - pos - HEADER < len) return new Read<>(null, size, "record of " + len + " bytes cut short", true);
        ByteBuffer body = ByteBuffer.allocate(len);
        readFully(ch, body, pos + HEADER);
        byte[] payload = body.array();
        long end = pos + HEADER + len;
        if (crc(payload) != crc) return new Read<>(null, end, "checksum mismatch", false);
        try {
            return new Read<>(parser.parseFrom(payload), end, null, false);
        } catch (InvalidProtocolBufferException e) {
            return new Read<>(null, end, "checksummed record does not parse: " + e.getMessage(), false);
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) throw new IOException("file ended early at " + at);
        }
    }

    private static boolean zerosFrom(FileChannel ch, long from, long size) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        for (long at = from; at < size; ) {
            buf.clear();
            int n = ch.read(buf, at);
            if (n <= 0) break;
            for (int i = 0; i < n; i++) if (buf.get(i) != 0) return false;
            at += n;
        }
        return true;
    }

    /**
     * A file written whole by {@link #writeAllAtomically}: every record, or an error naming the
     * file and offset (such a file cannot be torn, so any bad record is damage).
     */
    public static <T> List<T> readWhole(Path file, int maxRecord, Parser<T> parser) throws IOException {
        Scan<T> scan = scan(file, maxRecord, parser);
        if (scan.validBytes() != scan.size()) {
            throw new IOException(file + " is damaged at offset " + scan.validBytes() + ": "
                    + (scan.damage() != null ? scan.damage().what() : "cut short"));
        }
        return scan.values();
    }

    /** Writes {@code messages} as one file of records, atomically ({@link #writeAtomically}). */
    public static void writeAllAtomically(Path target, Iterable<? extends MessageLite> messages) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (MessageLite m : messages) out.write(frame(m.toByteArray()));
        writeAtomically(target, out.toByteArray());
    }

    /**
     * Writes {@code bytes} as {@code target} so that a crash leaves the old file or the new one,
     * never a mix: a temporary file, fsync'd, renamed, and the directory fsync'd.
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) ch.write(b);
            ch.force(true);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(target.getParent());
    }

    /**
     * Makes file creations, renames and deletions in {@code dir} durable (a new segment's name is
     * in the directory, not in the file). Linux supports it; where a platform refuses to open a
     * directory the entries are as durable as that platform makes them.
     */
    public static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (UnsupportedOperationException | AccessDeniedException e) {
            // not a platform that opens directories: nothing more to do
        }
    }

    /**
     * Copies bytes {@code [from, to)} of {@code file} for a human to look at, under a name no
     * earlier copy has: {@code <file>.<kind>-<from>} or, if that exists, {@code <file>.<kind>-<from>.<n>}.
     * Returns the new file.
     */
    public static Path keepAside(Path file, long from, long to, String kind) throws IOException {
        byte[] bytes;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(to - from));
            readFully(ch, b, from);
            bytes = b.array();
        }
        String base = file.getFileName() + "." + kind + "-" + from;
        for (int n = 0; ; n++) {
            Path aside = file.resolveSibling(n == 0 ? base : base + "." + n);
            try {
                Files.write(aside, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (IOException e) {
                // a full disk: no partial copy left behind for the next start to multiply
                Files.deleteIfExists(aside);
                throw e;
            }
            try (FileChannel ch = FileChannel.open(aside, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            syncDirectory(file.getParent());
            return aside;
        }
    }
}
