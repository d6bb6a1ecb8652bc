package org.damrelay.relay.evidence;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.SensorReport;
import org.damrelay.records.RecordFile;
import org.damrelay.relay.event.EventDirectory.Source;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each sensor board reported, kept for the arbiter (docs/evidence.md): one file per board
 * (event, driver, board) in {@code <data>/evidence}, records in the project's one record format,
 * each batch fsynced before it is acknowledged to the driver. In memory only an index (where each
 * batch lies and the times it spans); a query reads the batches it needs from disk.
 *
 * <p>Evidence is a witness, not a chain: a batch is never refused for the game's sake (a blocked
 * board's evidence still arrives), a seq past the next one is taken (what is missing is missing),
 * and a re-sent one is acknowledged again. Writes run on one thread of their own.
 */
public final class EvidenceStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EvidenceStore.class);
    static final int MAX_RECORD = 1 << 20;
    private static final String SUFFIX = ".evidence";

    /** One stored batch: its seq, where it lies, the wall times it spans, and whether it holds a whole board. */
    record Batch(long seq, long offset, long from, long to, boolean wholeBoard) {}

    /** A board's file and index (the index guarded by its own lock; the channel used by the writer thread only). */
    private static final class Board {
        final Path file;
        final List<Batch> batches = new ArrayList<>();
        long durable;
        FileChannel out;

        Board(Path file) {
            this.file = file;
        }
    }

    /** One batch read back, with the capture it came from. */
    public record Stored(long seq, String capture, long captureOrigin, List<SensorReport> reports) {}

    private final Path dir;
    private final Map<Source, Board> boards = new ConcurrentHashMap<>();
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "evidence-writer");
        t.setDaemon(true);
        return t;
    });

    private EvidenceStore(Path dir) {
        this.dir = dir;
    }

    /** Opens {@code <dataDir>/evidence}, indexing every board's file (a torn last batch is kept aside and cut). */
    public static EvidenceStore open(Path dataDir) throws IOException {
        EvidenceStore s = new EvidenceStore(dataDir.resolve("evidence"));
        Files.createDirectories(s.dir);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(s.dir, "*" + SUFFIX)) {
            for (Path f : files) {
                Source src = source(f.getFileName().toString());
                if (src == null) {
                    log.warn("evidence: {} is not named as the relay names evidence files; left alone", f);
                    continue;
                }
                Board b = new Board(f);
                s.index(b);
                s.boards.put(src, b);
            }
        }
        return s;
    }

    private void index(Board b) throws IOException {
        RecordFile.Scan<BoardEvent> scan = RecordFile.scan(b.file, MAX_RECORD, BoardEvent.parser());
        List<RecordFile.Record<BoardEvent>> records = scan.records();
        if (scan.damage() != null) {
            // a witness keeps what still reads; the bad bytes are kept aside by the next append's cut below
            log.warn("evidence: {}; the batches that still read are kept", scan.damage());
            RecordFile.Salvage<BoardEvent> salvage = RecordFile.salvage(b.file, MAX_RECORD, BoardEvent.parser());
            records = salvage.records();
            long end = records.isEmpty() ? 0 : endOf(b.file, records.get(records.size() - 1).offset());
            cut(b.file, end, Files.size(b.file), "damaged");
        } else if (scan.torn()) {
            cut(b.file, scan.validBytes(), scan.size(), "torn");
        }
        for (RecordFile.Record<BoardEvent> r : records) add(b, r.offset(), r.value());
    }

    private static long endOf(Path file, long offset) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer h = ByteBuffer.allocate(RecordFile.HEADER);
            ch.read(h, offset);
            return offset + RecordFile.HEADER + h.getInt(0);
        }
    }

    private static void cut(Path file, long from, long size, String kind) throws IOException {
        if (from >= size) return;
        Path aside = RecordFile.keepAside(file, from, size, kind);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(from);
            ch.force(true);
        }
        log.warn("evidence: {} bytes at the end of {} did not read as a whole batch; kept aside as {} and cut", size - from, file, aside);
    }

    private static void add(Board b, long offset, BoardEvent e) {
        List<SensorReport> rs = e.getSensor().getReportsList();
        if (rs.isEmpty()) return;
        boolean whole = rs.stream().anyMatch(r -> r.getKind() == SensorReport.Kind.BOARD);
        long from = Long.MAX_VALUE, to = Long.MIN_VALUE;
        for (SensorReport r : rs) {
            from = Math.min(from, r.getWallMs());
            to = Math.max(to, r.getWallMs());
        }
        synchronized (b) {
            b.batches.add(new Batch(e.getSeq(), offset, from, to, whole));
            b.durable = Math.max(b.durable, e.getSeq());
        }
    }

    /** The highest evidence seq of the board held durably, 0 for none. */
    public long durable(Source s) {
        Board b = boards.get(s);
        if (b == null) return 0;
        synchronized (b) {
            return b.durable;
        }
    }

    /** Every board of a driver with evidence held, and its durable seq (for the Welcome). */
    public Map<String, Long> durableOf(String eventId, String driverId) {
        Map<String, Long> out = new HashMap<>();
        boards.forEach((s, b) -> {
            if (s.eventId().equals(eventId) && s.driver().equals(driverId)) out.put(s.board(), durable(s));
        });
        return out;
    }

    /**
     * Keeps a batch (on the writer thread) and calls {@code durable} with the board's durable seq
     * once it is on disk (or at once for a re-send). A failing disk logs and acks nothing: the
     * driver keeps the batch and sends it again.
     */
    public void append(Source s, BoardEvent batch, LongConsumer durable) {
        writer.execute(() -> {
            Board b = boards.computeIfAbsent(s, k -> new Board(dir.resolve(fileName(k))));
            try {
                if (batch.getSeq() <= durable(s)) {
                    durable.accept(durable(s));
                    return;
                }
                if (b.out == null) {
                    b.out = FileChannel.open(b.file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                    RecordFile.syncDirectory(dir);
                }
                long offset = b.out.size();
                ByteBuffer buf = ByteBuffer.wrap(RecordFile.frame(batch.toByteArray()));
                try {
                    while (buf.hasRemaining()) b.out.write(buf);
                    b.out.force(false);
                } catch (IOException e) {
                    b.out.truncate(offset); // no half batch in front of the next one
                    throw e;
                }
                add(b, offset, batch);
                durable.accept(durable(s));
            } catch (IOException e) {
                log.error("evidence of {} {} {} seq {} not kept: {}", s.eventId(), s.driver(), s.board(), batch.getSeq(), e.toString());
            }
        });
    }

    /**
     * The board's batches from the last one before {@code from} that held a whole board (to know
     * what stood on the board at {@code from}) up to {@code to}, read from disk in the order they
     * were stored. Any thread.
     */
    public List<Stored> read(Source s, long from, long to) throws IOException {
        Board b = boards.get(s);
        if (b == null) return List.of();
        List<Batch> wanted = new ArrayList<>();
        synchronized (b) {
            int start = 0;
            for (int i = 0; i < b.batches.size(); i++) {
                Batch x = b.batches.get(i);
                if (x.from() <= from && x.wholeBoard()) start = i;
            }
            for (int i = start; i < b.batches.size(); i++) {
                if (b.batches.get(i).from() <= to) wanted.add(b.batches.get(i));
            }
        }
        List<Stored> out = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(b.file, StandardOpenOption.READ)) {
            for (Batch x : wanted) {
                ByteBuffer h = ByteBuffer.allocate(RecordFile.HEADER);
                ch.read(h, x.offset());
                ByteBuffer p = ByteBuffer.allocate(h.getInt(0));
                while (p.hasRemaining() && ch.read(p, x.offset() + RecordFile.HEADER + p.position()) > 0) { }
                BoardEvent e = BoardEvent.parseFrom(p.array());
                out.add(new Stored(e.getSeq(), e.getSensor().getCapture(), e.getSensor().getCaptureOriginMs(), e.getSensor().getReportsList()));
            }
        }
        return out;
    }

    /** The first and last wall time of the board's evidence, or null when it has none. */
    public long[] span(Source s) {
        Board b = boards.get(s);
        if (b == null) return null;
        synchronized (b) {
            if (b.batches.isEmpty()) return null;
            long from = Long.MAX_VALUE, to = Long.MIN_VALUE;
            for (Batch x : b.batches) {
                from = Math.min(from, x.from());
                to = Math.max(to, x.to());
            }
            return new long[] {from, to};
        }
    }

    static String fileName(Source s) {
        return enc(s.eventId()) + "~" + enc(s.driver()) + "~" + enc(s.board()) + SUFFIX;
    }

    static Source source(String fileName) {
        if (!fileName.endsWith(SUFFIX)) return null;
        String[] parts = fileName.substring(0, fileName.length() - SUFFIX.length()).split("~", -1);
        if (parts.length != 3) return null;
        try {
            return new Source(dec(parts[0]), dec(parts[1]), dec(parts[2]));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A name safe in any file system: '~' never comes out of the encoding, so it separates the parts. */
    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace(".", "%2E").replace("*", "%2A");
    }

    private static String dec(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    /** Lets the pending writes finish, then closes the files. */
    @Override
    public void close() {
        writer.shutdown();
        try {
            writer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Board b : boards.values()) {
            try {
                if (b.out != null) b.out.close();
            } catch (IOException e) {
                log.warn("evidence: closing {}: {}", b.file, e.toString());
            }
        }
    }
}
