package org.damrelay.relay.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
 * are fsync'd (nor does a power cut). The appending thread (the relay's core) writes the record
 * itself, a write into the OS's page cache, so what may be shown never waits for a thread
 * hand-off nor behind an fsync under way (whose tail on a real disk is tens of milliseconds).
 * One sync thread fsyncs everything written since its last fsync at once (group commit), so
 * many boards do not each wait for their own fsync.
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
     * when its bytes are in the OS (done when {@link #append} returns), {@code synced} when they
     * are fsync'd. A failed write fails both.
     */
    public record Appended(CompletableFuture<Long> written, CompletableFuture<Long> synced) {}

    /** A written record waiting for its fsync: the {@code number}th append. */
    private record Unsynced(long number, long position, CompletableFuture<Long> synced) {}

    /** A segment left by {@link #rotate()}: fsync'd and closed by the sync thread before anything after it is acked. */
    private record Retired(FileChannel channel, long nextSegment, CompletableFuture<Long> rotated) {}

    private final Path dir;
    private final LongConsumer fsyncNanos;
    private final Thread syncer;
    /** Guards what the appending thread and the sync thread share (the fields below). */
    private final Object lock = new Object();
    private FileChannel channel;
    private volatile long segment;
    private long position;
    private long appended;
    private final ArrayDeque<Unsynced> unsynced = new ArrayDeque<>();
    private final List<Retired> retired = new ArrayList<>();
    private boolean closed;
    private volatile IOException failure;

    /** What opening found. */
    public record Recovery(long records, long validBytes, long cutBytes) {}

    private Recovery recovery;

    private Journal(Path dir, LongConsumer fsyncNanos) {
        this.dir = dir;
        this.fsyncNanos = fsyncNanos;
        this.syncer = new Thread(this::syncLoop, "journal-sync");
        this.syncer.setDaemon(true);
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
        j.syncer.start();
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

    /**
     * Writes a record (into the OS: {@link Appended#written()} is complete on return);
     * {@link Appended#synced()} completes once the sync thread has fsync'd it. Called by one
     * thread at a time (the relay's core), which thereby fixes the records' order.
     */
    public Appended append(JournalRecord record) {
        byte[] payload = record.toByteArray();
        CompletableFuture<Long> written = new CompletableFuture<>(), synced = new CompletableFuture<>();
        long end;
        synchronized (lock) {
            IOException refused = refusal();
            if (refused != null) {
                fail(written, synced, refused);
                return new Appended(written, synced);
            }
            ByteBuffer buf = ByteBuffer.allocate(8 + payload.length);
            RecordFile.frameInto(buf, payload);
            buf.flip();
            try {
                while (buf.hasRemaining()) position += channel.write(buf, position);
            } catch (IOException e) {
                failed(e);
                fail(written, synced, e);
                return new Appended(written, synced);
            }
            end = position;
            unsynced.add(new Unsynced(++appended, end, synced));
            lock.notifyAll();
        }
        written.complete(end);
        return new Appended(written, synced);
    }

    /**
     * Everything appended before this call goes to the current segment, everything after to a
     * new one; completes with the new segment's number once the old one is fsync'd.
     */
    public CompletableFuture<Long> rotate() {
        CompletableFuture<Long> rotated = new CompletableFuture<>();
        synchronized (lock) {
            IOException refused = refusal();
            if (refused != null) {
                rotated.completeExceptionally(refused);
                return rotated;
            }
            try {
                FileChannel next = FileChannel.open(segmentFile(dir, segment + 1), StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                retired.add(new Retired(channel, segment + 1, rotated));
                channel = next;
                segment++;
                position = next.size();
                lock.notifyAll();
            } catch (IOException e) {
                failed(e);
                rotated.completeExceptionally(e);
            }
        }
        return rotated;
    }

    /** Why nothing more is taken (closed, or a write or fsync failed), or null. Under the lock. */
    private IOException refusal() {
        return closed ? new IOException("journal closed") : failure;
    }

    private static void fail(CompletableFuture<Long> written, CompletableFuture<Long> synced, IOException e) {
        written.completeExceptionally(e);
        synced.completeExceptionally(e);
    }

    public long segment() {
        return segment;
    }

    /**
     * The sync thread: waits for written records, then fsyncs the segments left by rotations (and
     * the directory that names the new one) and the current segment, and completes as synced every
     * record written before it began.
     */
    private void syncLoop() {
        while (true) {
            List<Retired> left;
            FileChannel current;
            long upTo;
            synchronized (lock) {
                while (!closed && unsynced.isEmpty() && retired.isEmpty()) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (unsynced.isEmpty() && retired.isEmpty()) return; // closed, and everything is on disk
                left = List.copyOf(retired);
                retired.clear();
                current = channel;
                upTo = appended;
            }
            try {
                long t0 = System.nanoTime();
                for (Retired r : left) {
                    r.channel().force(true);
                    r.channel().close();
                }
                if (!left.isEmpty()) RecordFile.syncDirectory(dir);
                current.force(false);
                if (fsyncNanos != null) fsyncNanos.accept(System.nanoTime() - t0);
                for (Retired r : left) r.rotated().complete(r.nextSegment());
                for (Unsynced u : drain(upTo)) u.synced().complete(u.position());
            } catch (IOException e) {
                // a journal that cannot sync must not ack anything again; those written stay so
                failed(e);
                for (Retired r : left) r.rotated().completeExceptionally(e);
                for (Unsynced u : drain(Long.MAX_VALUE)) u.synced().completeExceptionally(e);
                synchronized (lock) {
                    for (Retired r : retired) r.rotated().completeExceptionally(e);
                    retired.clear();
                }
                return;
            }
        }
    }

    /** The unsynced records up to the {@code upTo}th append, taken off the list. */
    private List<Unsynced> drain(long upTo) {
        List<Unsynced> done = new ArrayList<>();
        synchronized (lock) {
            while (!unsynced.isEmpty() && unsynced.peek().number() <= upTo) done.add(unsynced.poll());
        }
        return done;
    }

    /** One line: a full disk is not a bug. Nothing more is accepted. */
    private void failed(IOException e) {
        if (failure != null) return;
        failure = e;
        log.error("journal {} cannot be written ({}); nothing more will be acknowledged and /health answers 503"
                + " until the relay is restarted with room on its disk", segmentFile(dir, segment), e.toString());
    }

    /** Stops taking appends; what was written is fsync'd (and acked as synced) before this returns. */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) return;
            closed = true;
            lock.notifyAll();
        }
        try {
            syncer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        IOException gone = new IOException("journal closed");
        for (Unsynced u : drain(Long.MAX_VALUE)) u.synced().completeExceptionally(gone);
        synchronized (lock) {
            try {
                for (Retired r : retired) {
                    r.rotated().completeExceptionally(gone);
                    r.channel().close();
                }
                retired.clear();
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
