package org.damrelay.driver.uplink;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.BoardState;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.SensorExcerpt;
import org.damrelay.records.RecordFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A driver's outbox: every event it produced that the relay has not yet acknowledged as durable,
 * kept on disk so that neither a network outage nor a driver restart loses one.
 *
 * <p>Append-only segment files of checksummed records; each append is fsynced before it returns
 * (events are rare, a few per minute per board, so the cost is nothing next to losing a move).
 * The per-board seq is assigned here, at append, counting from 1 and continuing across restarts.
 * Acks are cumulative per board; the acked seqs are kept durably in {@link AckState} (see
 * {@link #sync()}) and a segment is deleted once every record in it is acked and a newer segment
 * takes the appends.
 *
 * <p>One process per directory: opening takes a file lock.
 */
public final class Outbox implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Outbox.class);
    private static final Pattern SEGMENT = Pattern.compile("segment-(\\d{12})\\.log");
    public static final long DEFAULT_SEGMENT_BYTES = 1 << 20;
    static final int MAX_RECORD = 1 << 20;

    /** What opening found on disk. */
    public record Recovery(int segments, long records, long unacked, long tornBytesCut) {}

    private record Entry(long segment, BoardEvent event) {}

    private final Path dir;
    private final long segmentBytes;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Map<String, Long> lastSeq = new HashMap<>();
    private final Map<String, Long> acked;
    private final Deque<Entry> unacked = new ArrayDeque<>();
    /** Unacked record count per segment, every segment on disk included. */
    private final TreeMap<Long, Integer> segments = new TreeMap<>();
    private final List<Consumer<BoardEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Recovery recovery;
    private FileChannel active;
    private long activeId;
    private long activeSize;
    private boolean closed;
    private boolean acksDirty;
    /** Where each board's game stood after its last committed event (survives the segments acks delete). */
    private final Map<String, BoardState> states;
    private boolean statesDirty;
    /** Boards whose next event is the first after a resume (Assignment.resume): it is marked so. */
    private final java.util.Set<String> resumeNext = new java.util.HashSet<>();

    private Outbox(Path dir, long segmentBytes) throws IOException {
        this.dir = dir;
        this.segmentBytes = segmentBytes;
        Files.createDirectories(dir);
        this.lockChannel = FileChannel.open(dir.resolve("outbox.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = lockChannel.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        }
        this.lock = l;
        if (lock == null) {
            lockChannel.close();
            throw new IOException("outbox " + dir + " is in use by another driver process");
        }
        try {
            this.acked = AckState.read(dir);
            acked.forEach(lastSeq::put);
            this.states = AckState.readBoards(dir);
            this.recovery = load();
        } catch (IOException | RuntimeException e) {
            lock.release();
            lockChannel.close();
            throw e;
        }
    }

    public static Outbox open(Path dir) throws IOException {
        return open(dir, DEFAULT_SEGMENT_BYTES);
    }

    /** @param segmentBytes a segment is closed for appends once it holds this many bytes */
    public static Outbox open(Path dir, long segmentBytes) throws IOException {
        return new Outbox(dir, segmentBytes);
    }

    private Recovery load() throws IOException {
        List<Long> ids = new ArrayList<>();
        try (var files = Files.list(dir)) {
            files.forEach(f -> {
                Matcher m = SEGMENT.matcher(f.getFileName().toString());
                if (m.matches()) ids.add(Long.parseLong(m.group(1)));
            });
        }
        ids.sort(null);
        long records = 0, cut = 0;
        for (int i = 0; i < ids.size(); i++) {
            long id = ids.get(i);
            Path file = segmentFile(id);
            RecordFile.Scan<BoardEvent> scan = RecordFile.scan(file, MAX_RECORD, BoardEvent.parser());
            boolean last = i == ids.size() - 1;
            if (scan.damage() != null) throw new OutboxCorruptedException(file, scan.damage().offset(), scan.damage().what());
            if (scan.torn()) {
                if (!last) throw new OutboxCorruptedException(file, scan.validBytes(), "an older segment ends in a partial record");
                cut = scan.size() - scan.validBytes();
                Path aside = RecordFile.keepAside(file, scan.validBytes(), scan.size(), "torn");
                log.warn("outbox {}: cutting a torn last record ({} bytes at offset {}), left by a crash mid-append; the bytes are kept in {}",
                        file, cut, scan.validBytes(), aside);
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(scan.validBytes());
                    ch.force(true);
                }
            }
            int open = 0;
            for (BoardEvent e : scan.values()) {
                records++;
                noteState(e);
                lastSeq.merge(e.getBoard(), e.getSeq(), Math::max);
                if (e.getSeq() > acked.getOrDefault(e.getBoard(), 0L)) {
                    unacked.add(new Entry(id, e));
                    open++;
                }
            }
            segments.put(id, open);
        }
        long nextId = ids.isEmpty() ? 1 : ids.get(ids.size() - 1);
        openActive(nextId);
        compact();
        return new Recovery(ids.size(), records, unacked.size(), cut);
    }

    private void openActive(long id) throws IOException {
        if (active != null) active.close();
        active = FileChannel.open(segmentFile(id), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        activeId = id;
        activeSize = active.size();
        segments.putIfAbsent(id, 0);
        RecordFile.syncDirectory(dir);
    }

    private Path segmentFile(long id) {
        return dir.resolve(String.format("segment-%012d.log", id));
    }

    public Recovery recovery() {
        return recovery;
    }

    /**
     * Gives {@code event} the next seq of {@code board}, writes it and fsyncs before returning.
     * Listeners hear of it only once it is durable.
     */
    public BoardEvent append(String board, GameEvent event) throws IOException {
        if (board == null || board.isEmpty()) throw new IllegalArgumentException("board id is empty");
        BoardEvent stored;
        synchronized (this) {
            stored = appendLocked(BoardEvent.newBuilder().setBoard(board).setEvent(event));
        }
        for (Consumer<BoardEvent> l : listeners) l.accept(stored);
        return stored;
    }

    /**
     * An evidence outbox's append (a directory of its own, docs/evidence.md): a batch of the
     * board's decoded reports under the board's next evidence seq, durable before it returns.
     */
    public BoardEvent appendEvidence(String board, SensorExcerpt excerpt) throws IOException {
        if (board == null || board.isEmpty()) throw new IllegalArgumentException("board id is empty");
        BoardEvent stored;
        synchronized (this) {
            stored = appendLocked(BoardEvent.newBuilder().setBoard(board).setSensor(excerpt));
        }
        for (Consumer<BoardEvent> l : listeners) l.accept(stored);
        return stored;
    }

    /** Numbers the event with its board's next seq, writes it and fsyncs. */
    private BoardEvent appendLocked(BoardEvent.Builder event) throws IOException {
        ensureOpen();
        if (activeSize >= segmentBytes) openActive(activeId + 1);
        String board = event.getBoard();
        long seq = lastSeq.getOrDefault(board, 0L) + 1;
        if (resumeNext.remove(board)) event.setResumed(true);
        BoardEvent stored = event.setSeq(seq).build();
        ByteBuffer buf = ByteBuffer.wrap(RecordFile.frame(stored.toByteArray()));
        long start = activeSize;
        try {
            while (buf.hasRemaining()) activeSize += active.write(buf);
            active.force(false);
        } catch (IOException e) {
            // a partial record must not stay in front of the next append, where it would read as damage
            activeSize = start;
            try {
                active.truncate(start);
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        lastSeq.put(board, seq);
        noteState(stored);
        unacked.add(new Entry(activeId, stored));
        segments.merge(activeId, 1, Integer::sum);
        return stored;
    }

    /**
     * The relay holds everything of {@code board} up to {@code seq} durably (cumulative). An ack
     * beyond what this outbox ever assigned means the relay holds that board's numbers from
     * elsewhere (this directory was wiped or replaced): the events still unacked here are a
     * sequence conflict. None is dropped: each is written again under the next free seq after
     * the relay's, marked {@code renumbered_from} so that the relay tells the arbiter, and only
     * once the copies are on disk do the originals count as done.
     */
    public void ack(String board, long seq) throws IOException {
        List<BoardEvent> renumbered = new ArrayList<>();
        synchronized (this) {
            ensureOpen();
            if (seq <= 0) return;
            if (seq <= acked.getOrDefault(board, 0L)) return;
            long last = lastSeq.getOrDefault(board, 0L);
            if (seq > last) {
                List<BoardEvent> conflicting = unacked.stream().map(Entry::event).filter(e -> e.getBoard().equals(board)).toList();
                lastSeq.put(board, seq);
                for (BoardEvent e : conflicting) {
                    renumbered.add(appendLocked(e.toBuilder().clearSentNanos().setRenumberedFrom(e.getSeq())));
                }
                if (conflicting.isEmpty()) {
                    log.warn("relay acks board {} up to seq {} but this outbox ({}) only assigned up to {}: numbering continues after {}",
                            board, seq, dir, last, seq);
                } else {
                    log.error("sequence conflict on board {}: the relay holds seq up to {} from elsewhere, this outbox ({}) had {} unacked"
                            + " events numbered {}..{}; kept and sent again as {}..{} for the arbiter to check", board, seq, dir,
                            conflicting.size(), conflicting.get(0).getSeq(), last, seq + 1, seq + conflicting.size());
                }
            }
            acked.put(board, seq);
            unacked.removeIf(e -> {
                if (e.event().getBoard().equals(board) && e.event().getSeq() <= seq) {
                    segments.merge(e.segment(), -1, Integer::sum);
                    return true;
                }
                return false;
            });
            // the originals must not come back after a crash once the copies are what is sent
            acksDirty = true;
            if (!renumbered.isEmpty() || compactable()) compact();
        }
        for (BoardEvent e : renumbered) for (Consumer<BoardEvent> l : listeners) l.accept(e);
    }

    /**
     * The relay's position replaces what this outbox holds unacked for {@code board} (its game was
     * switched back to the board from a phone, Assignment.resume): those events count as done and
     * are never sent; the numbering goes on after them, and the next event is marked resumed.
     * Returns how many were dropped.
     */
    public synchronized long supersede(String board) throws IOException {
        ensureOpen();
        long last = lastSeq.getOrDefault(board, 0L);
        long dropped = unacked.stream().filter(e -> e.event().getBoard().equals(board)).count();
        if (last > acked.getOrDefault(board, 0L)) {
            acked.put(board, last);
            unacked.removeIf(e -> {
                if (e.event().getBoard().equals(board)) {
                    segments.merge(e.segment(), -1, Integer::sum);
                    return true;
                }
                return false;
            });
            acksDirty = true;
        }
        // where the game stood by this outbox is no longer where it stands: the relay's position is
        statesDirty |= states.remove(board) != null;
        resumeNext.add(board);
        compact();
        return dropped;
    }

    /**
     * Makes the acked state durable and deletes fully acked segments. An ack is written at the
     * latest when it lets a segment go, or here (the uplink calls this on a timer and on close):
     * an ack lost to a crash only means the relay sees, and drops, a few duplicates, so acks need
     * not cost an fsync each while a long backlog is being caught up.
     */
    public synchronized void sync() throws IOException {
        ensureOpen();
        compact();
    }

    private boolean compactable() {
        for (var s : segments.entrySet()) {
            if (s.getKey() != activeId && s.getValue() == 0) return true;
        }
        return false;
    }

    /** Deletes segments whose every record is acked, after making the acked state durable. */
    private void compact() throws IOException {
        if (statesDirty) {
            // before any segment goes: the states of its events must outlive it
            AckState.writeBoards(dir, states);
            statesDirty = false;
        }
        if (acksDirty) {
            AckState.write(dir, acked);
            acksDirty = false;
        }
        boolean deleted = false;
        var it = segments.entrySet().iterator();
        while (it.hasNext()) {
            var s = it.next();
            if (s.getKey() != activeId && s.getValue() == 0) {
                Files.deleteIfExists(segmentFile(s.getKey()));
                it.remove();
                deleted = true;
            }
        }
        if (deleted) RecordFile.syncDirectory(dir);
    }

    /**
     * Where {@code board}'s game stood after the last event this outbox committed for it (a
     * restarted driver resumes the reconstruction from here), or empty before its first move
     * and after a new game was set up on it.
     */
    public synchronized Optional<BoardState> boardState(String board) {
        return Optional.ofNullable(states.get(board));
    }

    /** Follows the position through the events that change it: the position after, and the ply it stands at. */
    private void noteState(BoardEvent e) {
        BoardState known = states.get(e.getBoard());
        if (known != null && known.getSeq() >= e.getSeq()) return;
        GameEvent g = e.getEvent();
        int ply = switch (g.getType()) {
            case MOVE, ILLEGAL_MOVE, MOVE_REPLACED -> g.getPly();
            case MOVE_RETRACTED -> Math.max(0, g.getPly() - 1);
            case GAME_STARTED -> -1;
            default -> -2;
        };
        if (ply == -1) {
            statesDirty |= states.remove(e.getBoard()) != null;
        } else if (ply >= 0 && !g.getFen().isEmpty()) {
            BoardState.Builder b = BoardState.newBuilder().setBoard(e.getBoard()).setFen(g.getFen()).setPly(ply).setSeq(e.getSeq());
            if (g.hasClock()) b.setClock(g.getClock());
            states.put(e.getBoard(), b.build());
            statesDirty = true;
        }
    }

    /** Every unacked event, in the order it was appended (per board: by seq). */
    public synchronized List<BoardEvent> unacked() {
        List<BoardEvent> out = new ArrayList<>(unacked.size());
        for (Entry e : unacked) out.add(e.event());
        return out;
    }

    public synchronized long lastSeq(String board) {
        return lastSeq.getOrDefault(board, 0L);
    }

    public synchronized long ackedSeq(String board) {
        return acked.getOrDefault(board, 0L);
    }

    /** Segment files on disk, oldest first (for tests and diagnostics). */
    public synchronized List<Path> segmentFiles() {
        return segments.keySet().stream().map(this::segmentFile).toList();
    }

    public Path directory() {
        return dir;
    }

    /** Called after each durable append, on the appending thread. */
    public void addListener(Consumer<BoardEvent> listener) {
        listeners.add(listener);
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("outbox " + dir + " is closed");
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) return;
        try {
            compact();
        } finally {
            closed = true;
        }
        try {
            active.close();
        } finally {
            lock.release();
            lockChannel.close();
        }
    }
}
