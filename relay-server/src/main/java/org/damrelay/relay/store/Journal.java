package org.damrelay.relay.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.damrelay.proto.JournalRecord;
import org.damrelay.records.RecordFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's append-only journal: segment files {@code journal-<n>.log} of records framed as
 * {@code [int length][int crc32c][payload]}. An append completes twice ({@link Appended}): once its
 * bytes are written (in the OS: a crash of the relay process no longer loses them) and once they
 * are fsync'd (nor does a power cut). One writer thread drains everything queued meanwhile and
 * pays one write and one fsync for all of it (group commit), so many boards do not each wait
 * for their own fsync.
 *
 * <p>On open the segments are read in order ({@link RecordFile}'s one recovery rule): a torn tail
 * of the last one (a crash mid-write) is cut off at the last whole record and kept aside under a
 * name of its own ({@code journal-<n>.log.torn-<offset>}); damage anywhere else refuses the start
 * with {@link JournalDamagedException}, naming the file and offset ({@code damrelay journal}). A
 * snapshot lets start-up skip the segments before it ({@link #rotate()}, {@link SnapshotStore}).
 * What was replayed is fsync'd (files and directory) before {@code open} returns: a relay killed
 * before its fsync acks nothing it recovered until it is on disk.
 */
public final class Journal implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Journal.class);
    static final int MAX_RECORD = 16 * 1024 * 1024;
    private static final Pattern SEGMENT = Pattern.compile("journal-(\\d+)\\.log");

    /**
     * An append's two moments, each completing with the record's end offset: {@code written}
     * when its bytes are in the OS, {@code synced} when they are fsync'd. {@code written} always
     * completes first; a failed write fails both.
     */
    public record Appended(CompletableFuture<Long> written, CompletableFuture<Long> synced) {}

    /**
     * A queued append ({@code written} set), or (payload null, rotate true) a switch to the next
     * segment, or the stop marker.
     */
    private record Pending(byte[] payload, CompletableFuture<Long> written, CompletableFuture<Long> done, boolean rotate) {}

    private final Path dir;
    private FileChannel channel;
    private volatile long segment;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final LongConsumer fsyncNanos;
    private volatile boolean closed;
    private volatile IOException failure;
    private long position;

    /** What opening found. */
    public record Recovery(long records, long validBytes, long cutBytes) {}

    private Recovery recovery;

    private Journal(Path dir, LongConsumer fsyncNanos) {
        this.dir = dir;
        this.fsyncNanos = fsyncNanos;
        this.writer = new Thread(this::writeLoop, "journal-writer");
        this.writer.setDaemon(true);
    }

    public static Path segmentFile(Path dir, long segment) {
        return dir.resolve("journal-" + segment + ".log");
    }

    /** The segment numbers present, ascending. */
    public static List<Long> segments(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> SEGMENT.matcher(p.getFileName().toString())).filter(Matcher::matches)
                    .map(m -> Long.parseLong(m.group(1))).sorted().toList();
        }
    }

    /** Opens the journal in {@code dir} from segment {@code fromSegment} on, replaying every whole record. */
    public static Journal open(Path dir, long fromSegment, Consumer<JournalRecord> replay, LongConsumer fsyncNanos) throws IOException {
        Files.createDirectories(dir);
        Journal j = new Journal(dir, fsyncNanos);
        List<Long> present = segments(dir).stream().filter(s -> s >= fromSegment).toList();
        long records = 0, valid = 0, cut = 0;
        for (int i = 0; i < present.size(); i++) {
            boolean last = i == present.size() - 1;
            Recovery r = recover(segmentFile(dir, present.get(i)), replay, last);
            records += r.records();
            valid = r.validBytes();
            cut += r.cutBytes();
        }
        j.segment = present.isEmpty() ? Math.max(1, fromSegment) : present.get(present.size() - 1);
        j.channel = FileChannel.open(segmentFile(dir, j.segment), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        // what a killed relay wrote may still be only in the OS: it is acked and welcomed from now
        // on, so it must be on disk first (each replayed segment and their names), as after any fsync
        long t0 = System.nanoTime();
        for (int i = 0; i < present.size() - 1; i++) {
            try (FileChannel earlier = FileChannel.open(segmentFile(dir, present.get(i)), StandardOpenOption.READ)) {
                earlier.force(true);
            }
        }
        j.channel.force(true);
        RecordFile.syncDirectory(dir);
        if (fsyncNanos != null) fsyncNanos.accept(System.nanoTime() - t0);
        j.position = j.channel.size();
        j.recovery = new Recovery(records, valid, cut);
        j.writer.start();
        return j;
    }

    /** Opens from the first segment. */
    public static Journal open(Path dir, Consumer<JournalRecord> replay, LongConsumer fsyncNanos) throws IOException {
        return open(dir, 0, replay, fsyncNanos);
    }

    public Recovery recovery() {
        return recovery;
    }

    /**
     * Replays one segment. Only the last segment can end in a torn write (each earlier one was
     * fsync'd whole before the next began): its torn tail is kept aside and cut. Damage anywhere
     * stops the start rather than lose the records behind it.
     */
    private static Recovery recover(Path file, Consumer<JournalRecord> replay, boolean last) throws IOException {
        RecordFile.Scan<JournalRecord> scan = RecordFile.scan(file, MAX_RECORD, JournalRecord.parser());
        if (scan.damage() != null) throw new JournalDamagedException(scan.damage(), scan.records().size());
        if (scan.torn() && !last) {
            throw new JournalDamagedException(new RecordFile.Damage(file, scan.validBytes(),
                    "an earlier segment ends in a partial record"), scan.records().size());
        }
        scan.values().forEach(replay);
        long cut = scan.size() - scan.validBytes();
        if (cut > 0) {
            Path aside = RecordFile.keepAside(file, scan.validBytes(), scan.size(), "torn");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(scan.validBytes());
                ch.force(true);
            }
            log.warn("journal {}: cut a torn tail of {} bytes at offset {} after {} whole records (a crash mid-write); the bytes are kept in {}",
                    file, cut, scan.validBytes(), scan.records().size(), aside);
        }
        return new Recovery(scan.records().size(), scan.validBytes(), cut);
    }

    /** Queues a record: {@link Appended#written()} once its bytes are in the OS, {@link Appended#synced()} once fsync'd. */
    public Appended append(JournalRecord record) {
        CompletableFuture<Long> written = new CompletableFuture<>();
        return new Appended(written, enqueue(record.toByteArray(), written, false));
    }

    /**
     * Everything appended before this call goes to the current segment, everything after to a
     * new one; completes with the new segment's number once the old one is fsync'd.
     */
    public CompletableFuture<Long> rotate() {
        return enqueue(null, null, true);
    }

    private CompletableFuture<Long> enqueue(byte[] payload, CompletableFuture<Long> written, boolean rotate) {
        CompletableFuture<Long> done = new CompletableFuture<>();
        if (closed) {
            fail(written, done, new IOException("journal closed"));
        } else if (failure != null) {
            fail(written, done, failure);
        } else {
            queue.add(new Pending(payload, written, done, rotate));
        }
        return done;
    }

    private static void fail(CompletableFuture<Long> written, CompletableFuture<Long> done, IOException e) {
        if (written != null) written.completeExceptionally(e);
        done.completeExceptionally(e);
    }

    public long segment() {
        return segment;
    }

    private void writeLoop() {
        List<Pending> batch = new ArrayList<>();
        while (true) {
            try {
                Pending first = queue.take();
                batch.add(first);
                queue.drainTo(batch);
                boolean stop = false;
                List<Pending> appends = new ArrayList<>();
                for (Pending p : batch) {
                    if (stop) {
                        if (p.done != null) fail(p.written, p.done, new IOException("journal closed"));
                    } else if (p.payload != null) {
                        appends.add(p);
                    } else {
                        writeBatch(appends);
                        appends.clear();
                        if (p.rotate) nextSegment(p.done);
                        else stop = true;
                    }
                }
                writeBatch(appends);
                batch.clear();
                if (stop) break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    private void writeBatch(List<Pending> batch) {
        if (batch.isEmpty()) return;
        if (failure != null) {
            for (Pending p : batch) fail(p.written, p.done, failure);
            return;
        }
        try {
            int total = 0;
            for (Pending p : batch) total += 8 + p.payload.length;
            ByteBuffer buf = ByteBuffer.allocate(total);
            for (Pending p : batch) RecordFile.frameInto(buf, p.payload);
            buf.flip();
            while (buf.hasRemaining()) position += channel.write(buf, position);
            // what is written may be shown (it survives a crash of this process); the fsync only
            // decides the driver's ack, so spectators never wait out the disk's fsync tail
            for (Pending p : batch) p.written.complete(position);
            long t0 = System.nanoTime();
            channel.force(false);
            if (fsyncNanos != null) fsyncNanos.accept(System.nanoTime() - t0);
            for (Pending p : batch) p.done.complete(position);
        } catch (IOException e) {
            // a journal that cannot write must not ack anything again; one line: a full disk is not a bug
            failure = e;
            log.error("journal {} cannot be written ({}); nothing more will be acknowledged and /health answers 503"
                    + " until the relay is restarted with room on its disk", segmentFile(dir, segment), e.toString());
            // those already written stay so (a completed future keeps its value); none is synced
            for (Pending p : batch) fail(p.written, p.done, e);
        }
    }

    private void nextSegment(CompletableFuture<Long> done) {
        try {
            channel.force(true);
            channel.close();
            segment++;
            channel = FileChannel.open(segmentFile(dir, segment), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            position = channel.size();
            RecordFile.syncDirectory(dir);
            done.complete(segment);
        } catch (IOException e) {
            failure = e;
            log.error("journal could not start segment {}; nothing more will be acknowledged", segment, e);
            done.completeExceptionally(e);
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        queue.add(new Pending(null, null, null, false));
        try {
            writer.join(10_000);
            for (Pending p; (p = queue.poll()) != null; ) {
                if (p.done != null) fail(p.written, p.done, new IOException("journal closed"));
            }
            channel.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
