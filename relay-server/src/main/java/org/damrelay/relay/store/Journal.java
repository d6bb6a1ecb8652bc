package org.damrelay.relay.store;

import com.google.protobuf.InvalidProtocolBufferException;
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
import java.util.zip.CRC32C;
import org.damrelay.proto.JournalRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's append-only journal: one file of records framed as
 * {@code [int length][int crc32c][payload]}. An append completes only once its bytes are on disk
 * (fsync). One writer thread drains everything queued meanwhile and pays one fsync for all of
 * it (group commit), so many boards do not each wait for their own fsync.
 *
 * <p>On open the file is read from the start; a torn or corrupt tail (a crash mid-write) is cut
 * off at the last whole record and kept aside in {@code journal.torn} for inspection.
 */
public final class Journal implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Journal.class);
    static final int MAX_RECORD = 16 * 1024 * 1024;
    public static final String FILE = "journal.log";

    private record Pending(byte[] payload, CompletableFuture<Long> done) {}

    private final FileChannel channel;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final LongConsumer fsyncNanos;
    private volatile boolean closed;
    private volatile IOException failure;
    private long position;

    /** What opening found. */
    public record Recovery(long records, long validBytes, long cutBytes) {}

    private Recovery recovery;

    private Journal(FileChannel channel, LongConsumer fsyncNanos) {
        this.channel = channel;
        this.fsyncNanos = fsyncNanos;
        this.writer = new Thread(this::writeLoop, "journal-writer");
        this.writer.setDaemon(true);
    }

    /** Opens (creating) the journal in {@code dir}, hands every whole record to {@code replay}, cuts a torn tail. */
    public static Journal open(Path dir, Consumer<JournalRecord> replay, LongConsumer fsyncNanos) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        Journal j = new Journal(ch, fsyncNanos);
        j.recovery = j.recover(dir, replay);
        j.writer.start();
        return j;
    }

    public Recovery recovery() {
        return recovery;
    }

    private Recovery recover(Path dir, Consumer<JournalRecord> replay) throws IOException {
        long size = channel.size();
        long pos = 0, records = 0;
        ByteBuffer header = ByteBuffer.allocate(8);
        while (true) {
            if (size - pos < 8) break;
            header.clear();
            readFully(header, pos);
            header.flip();
            int len = header.getInt();
            int crc = header.getInt();
            if (len < 0 || len > MAX_RECORD || size - pos - 8 < len) break;
            ByteBuffer body = ByteBuffer.allocate(len);
            readFully(body, pos + 8);
            byte[] payload = body.array();
            if (crc(payload) != crc) break;
            JournalRecord r;
            try {
                r = JournalRecord.parseFrom(payload);
            } catch (InvalidProtocolBufferException e) {
                break;
            }
            replay.accept(r);
            records++;
            pos += 8 + len;
        }
        long cut = size - pos;
        if (cut > 0) {
            // keep the cut bytes for a human, then make the file end at the last whole record
            ByteBuffer tail = ByteBuffer.allocate((int) Math.min(cut, MAX_RECORD + 8L));
            readFully(tail, pos);
            Files.write(dir.resolve("journal.torn"), java.util.Arrays.copyOf(tail.array(), tail.position()));
            channel.truncate(pos);
            channel.force(true);
            log.warn("journal: cut a torn tail of {} bytes after {} whole records", cut, records);
        }
        position = pos;
        return new Recovery(records, pos, cut);
    }

    private void readFully(ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            int n = channel.read(buf, at + buf.position());
            if (n < 0) throw new IOException("journal ended early at " + at);
        }
    }

    static int crc(byte[] payload) {
        CRC32C c = new CRC32C();
        c.update(payload);
        return (int) c.getValue();
    }

    /** Queues a record; the future completes with its end offset once it is fsync'd. */
    public CompletableFuture<Long> append(JournalRecord record) {
        CompletableFuture<Long> done = new CompletableFuture<>();
        if (closed) {
            done.completeExceptionally(new IOException("journal closed"));
        } else if (failure != null) {
            done.completeExceptionally(failure);
        } else {
            queue.add(new Pending(record.toByteArray(), done));
        }
        return done;
    }

    private void writeLoop() {
        List<Pending> batch = new ArrayList<>();
        while (true) {
            try {
                Pending first = queue.take();
                if (first.payload == null) break;
                batch.add(first);
                queue.drainTo(batch);
                boolean stop = batch.get(batch.size() - 1).payload == null;
                if (stop) batch.remove(batch.size() - 1);
                writeBatch(batch);
                batch.clear();
                if (stop) break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    private void writeBatch(List<Pending> batch) {
        try {
            int total = 0;
            for (Pending p : batch) total += 8 + p.payload.length;
            ByteBuffer buf = ByteBuffer.allocate(total);
            for (Pending p : batch) buf.putInt(p.payload.length).putInt(crc(p.payload)).put(p.payload);
            buf.flip();
            while (buf.hasRemaining()) position += channel.write(buf, position);
            long t0 = System.nanoTime();
            channel.force(false);
            if (fsyncNanos != null) fsyncNanos.accept(System.nanoTime() - t0);
            for (Pending p : batch) p.done.complete(position);
        } catch (IOException e) {
            // a journal that cannot write must not ack anything again
            failure = e;
            log.error("journal write failed; nothing more will be acknowledged", e);
            for (Pending p : batch) p.done.completeExceptionally(e);
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        queue.add(new Pending(null, null));
        try {
            writer.join(10_000);
            for (Pending p; (p = queue.poll()) != null; ) {
                if (p.done != null) p.done.completeExceptionally(new IOException("journal closed"));
            }
            channel.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
