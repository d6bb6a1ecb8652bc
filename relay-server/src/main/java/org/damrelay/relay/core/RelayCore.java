package org.damrelay.relay.core;

import io.netty.util.concurrent.DefaultEventExecutor;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.relay.config.RelayConfig;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.config.AuthThrottle;
import org.damrelay.relay.metrics.RelayMetrics;
import org.damrelay.relay.store.DataDirLock;
import org.damrelay.relay.store.DiskSpace;
import org.damrelay.relay.store.Journal;
import org.damrelay.relay.store.SnapshotStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's single-threaded heart: all state lives in one {@link GameBook} touched only on the
 * core executor. A change is applied in memory and appended to the journal; once the journal has
 * written it (a crash of the relay no longer loses it) it is shown to the arbiter (live) and,
 * after the round's broadcast delay, released to spectators through the {@link UpdateBus}; once
 * the journal has fsync'd it, it is acked. Spectators thus never wait for a driver move's fsync
 * (its driver would send it again after a power cut), and a driver forgets nothing that a power
 * cut could still take. An arbiter's change has no one to send it again: it is shown and released
 * only once fsync'd, and the game's later changes wait behind it ({@link GameBook#durableFirst}).
 */
public final class RelayCore implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RelayCore.class);

    /** Sees every change at once (the arbiter, notation devices, metrics). Called on the core thread. */
    public interface LiveListener {
        /** The change is written to the journal: it may be shown (the arbiter's screens). */
        default void written(GameBook.Applied applied) { }

        /**
         * The change is fsync'd: what is told together with acks may go out now (a notation
         * device's state carries the last entry acked, which must not lag behind its moves).
         */
        default void durable(GameBook.Applied applied) { }

        /** An audit entry is durable (fsync'd). */
        default void audit(AuditEntry entry) { }
    }

    /** The core thread: its own, or the relay's one event loop (RelayConfig.eventLoops), which it then does not shut down. */
    private final EventExecutor executor;
    private final boolean ownsExecutor;
    private final RelayConfig config;
    private final TokenStore tokens;
    private final AuthThrottle authThrottle;
    private final GameBook book;
    private final Journal journal;
    private final RelayMetrics metrics;
    private final UpdateBus bus;
    private final List<LiveListener> live = new CopyOnWriteArrayList<>();
    private final Set<String> releaseScheduled = new HashSet<>();
    /** Per game: written changes waiting (in version order) for an arbiter's change before them to be fsync'd. */
    private final Map<String, List<GameBook.Applied>> waiting = new HashMap<>();
    private volatile boolean failed;
    private final ExecutorService snapshotWriter =
            Executors.newSingleThreadExecutor(new DefaultThreadFactory("relay-snapshot"));
    private long sinceSnapshot;
    /** The data directory held for this relay alone (null on an edge, which has none). */
    private DataDirLock dataLock;
    private boolean snapshotting;

    private RelayCore(RelayConfig config, GameBook book, Journal journal, RelayMetrics metrics, UpdateBus bus, EventExecutor loop) {
        this.executor = loop != null ? loop : new DefaultEventExecutor(new DefaultThreadFactory("relay-core"));
        this.ownsExecutor = loop == null;
        this.config = config;
        this.tokens = new TokenStore(config.events());
        this.authThrottle = new AuthThrottle(config.edge().authFailuresPerMinute(), 60_000, metrics::authFailed);
        this.book = book;
        this.journal = journal;
        this.metrics = metrics;
        this.bus = bus;
    }

    /** Loads the pairings, rebuilds every game from the journal and starts releasing, on a core thread of its own. */
    public static RelayCore open(RelayConfig config, RelayMetrics metrics, UpdateBus bus) throws IOException {
        return open(config, metrics, bus, null);
    }

    /**
     * As {@link #open(RelayConfig, RelayMetrics, UpdateBus)}, the core running on {@code loop} (the relay's only
     * event loop, {@code eventLoops: 1}): a move then reaches the sockets without waking another
     * thread (the core writes the journal itself; only the fsync is the sync thread's); null = a core
     * thread of its own.
     */
    public static RelayCore open(RelayConfig config, RelayMetrics metrics, UpdateBus bus, EventExecutor loop) throws IOException {
        String disk = DiskSpace.problem(config.dataPath());
        if (disk != null) throw new IOException(disk);
        // before anything is read: a second relay on this directory must not replay, let alone append
        DataDirLock lock = DataDirLock.acquire(config.dataPath());
        try {
            return open(config, metrics, bus, loop, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static RelayCore open(RelayConfig config, RelayMetrics metrics, UpdateBus bus, EventExecutor loop, DataDirLock lock) throws IOException {
        // this run's epoch: what it numbers is told apart from versions a power cut took from an earlier run
        GameBook book = new GameBook(EventDirectory.from(config), System.currentTimeMillis());
        Optional<RelaySnapshot> snapshot = SnapshotStore.latest(config.dataPath());
        snapshot.ifPresent(book::restore);
        long from = snapshot.map(RelaySnapshot::getSegment).orElse(0L);
        Journal journal = Journal.open(config.dataPath(), from, r -> {
            book.apply(r);
            book.durable(r);
        }, metrics::fsyncNanos);
        log.info("journal: {} {} records replayed from {}", snapshot.isPresent() ? "snapshot of segment " + from + " loaded," : "no snapshot,",
                journal.recovery().records(), config.dataPath());
        RelayCore core = new RelayCore(config, book, journal, metrics, bus, loop);
        core.dataLock = lock;
        core.executor.execute(() -> book.games().forEach(core::release));
        return core;
    }

    /**
     * An edge relay's core: the games as the origin released them, no journal (nothing is
     * ingested here). Updates come in through {@link #replicate}.
     */
    public static RelayCore replica(RelayConfig config, RelayMetrics metrics, UpdateBus bus) {
        return new RelayCore(config, new GameBook(EventDirectory.from(config)), null, metrics, bus, null);
    }

    /**
     * Core thread, edge only: one update the origin released, as the next version of its game.
     * It is released here at once (the origin already waited out the delay) and goes on the bus.
     */
    public void replicate(GameUpdate u) {
        JournalRecord r = JournalRecord.newBuilder().setReplicated(u).build();
        book.apply(r);
        book.durable(r);
        for (GameUpdate released : book.game(u.getGameId()).releaseUpTo(Long.MAX_VALUE)) bus.publish(released);
    }

    public RelayConfig config() { return config; }
    /** An edge's core: its games are the origin's, fetched (no journal of its own). */
    public boolean replica() { return journal == null; }
    /** The tokens accepted now (re-read with the config while running: {@code RelayServer.reload}). */
    public TokenStore tokens() { return tokens; }
    public AuthThrottle authThrottle() { return authThrottle; }
    public GameBook book() { return book; }
    public EventExecutor executor() { return executor; }
    public RelayMetrics metrics() { return metrics; }
    public UpdateBus bus() { return bus; }

    public void addLiveListener(LiveListener l) { live.add(l); }

    public void execute(Runnable task) {
        executor.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.error("relay core task failed", e);
            }
        });
    }

    /** Whether the journal failed: nothing more is accepted. */
    public boolean failed() { return failed; }

    /** How often ingest looks at the disk's free space: often enough to stop well before it is full, not a statfs per move. */
    private static final long DISK_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private long diskChecked;
    private String diskProblem;

    /**
     * Core thread: why an event must be refused now (the journal failed, the disk is below the floor
     * {@link DiskSpace#MIN_FREE_BYTES}), or null. The disk is looked at every 250 ms at most.
     */
    public String ingestRefusal() {
        if (journal == null) return null;
        if (failed) return "journal failed";
        long now = System.nanoTime();
        if (diskChecked == 0 || now - diskChecked >= DISK_CHECK_NANOS) {
            diskProblem = DiskSpace.problem(config.dataPath());
            diskChecked = now == 0 ? 1 : now;
        }
        return diskProblem;
    }

    /** Why this relay cannot take ingest now (its journal failed, its disk is full), or null when it can. */
    public String ingestProblem() {
        if (journal == null) return null; // an edge takes no ingest; its health is its feed's
        if (failed) return "journal failed";
        return DiskSpace.problem(config.dataPath());
    }

    /**
     * Core thread. Applies {@code record} to the book (the one change of state, as on replay) and
     * appends it to the journal. Once it is written, the arbiter sees it and spectators get it
     * (after the delay); once it is fsync'd, it is durable and {@code onDurable} runs (acks,
     * confirmations), on the core thread. Returns what applying it produced.
     */
    public GameBook.Applied commit(JournalRecord record, Runnable onDurable) {
        return commit(record, null, onDurable);
    }

    /** As {@link #commit(JournalRecord, Runnable)}; {@code onWritten} runs on the core thread once the record is written and shown (or queued to be). */
    public GameBook.Applied commit(JournalRecord record, Runnable onWritten, Runnable onDurable) {
        GameBook.Applied applied = book.apply(record);
        Journal.Appended appended = journal.append(record);
        if (config.snapshotEveryRecords() > 0 && ++sinceSnapshot >= config.snapshotEveryRecords() && !snapshotting) snapshot();
        // both callbacks go through the core executor in the order the journal completes them: written first
        appended.written().whenComplete((pos, err) -> executor.execute(() -> {
            if (err != null) return;
            written(record, applied);
            if (onWritten != null) onWritten.run();
        }));
        appended.synced().whenComplete((pos, err) -> executor.execute(() -> {
            if (err != null) {
                if (!failed) log.error("journal append failed: the relay no longer acknowledges anything ({})", err.toString());
                failed = true;
                return;
            }
            book.durable(record);
            if (applied.update() != null) {
                // an arbiter's change is shown now that it is durable, with what waited behind it
                showWaiting(book.game(applied.update().getGameId()));
                for (LiveListener l : live) l.durable(applied);
            }
            // an arbiter's action reports its outcome with the acks it caused (a released board's skip)
            if (record.hasAudit()) for (LiveListener l : live) l.audit(record.getAudit());
            if (onDurable != null) onDurable.run();
        }));
        return applied;
    }

    private void written(JournalRecord record, GameBook.Applied applied) {
        book.written(record);
        GameUpdate u = applied.update();
        if (u == null) return;
        GameRecord g = book.game(u.getGameId());
        List<GameBook.Applied> queue = waiting.get(g.id());
        if (queue != null || u.getVersion() > g.showable()) {
            // behind an arbiter's change that is not yet fsync'd: shown in version order once it is
            waiting.computeIfAbsent(g.id(), k -> new ArrayList<>()).add(applied);
            return;
        }
        shown(applied, g);
    }

    /** The change may be seen: the arbiter's screens now, spectators after the round's delay. */
    private void shown(GameBook.Applied applied, GameRecord g) {
        if (applied.alert() != null) metrics.alert(applied.alert().getEvent().getType().name());
        for (LiveListener l : live) l.written(applied);
        release(g);
    }

    /** Shows, in order, the game's waiting changes that its durable versions now allow. */
    private void showWaiting(GameRecord g) {
        List<GameBook.Applied> queue = waiting.get(g.id());
        if (queue == null) return;
        int limit = g.showable();
        while (!queue.isEmpty() && queue.get(0).update().getVersion() <= limit) shown(queue.remove(0), g);
        if (queue.isEmpty()) waiting.remove(g.id());
    }

    /**
     * Core thread. The journal switches segment at exactly this point of the record order, and
     * the state now is what the earlier segments hold; once they are on disk the snapshot is
     * built (the kept updates parsed) and written off the core thread, and the segments before it can go.
     */
    private void snapshot() {
        snapshotting = true;
        sinceSnapshot = 0;
        long next = journal.segment() + 1;
        Supplier<RelaySnapshot> snap = book.snapshotLater(next);
        journal.rotate().thenAcceptAsync(segment -> {
            try {
                if (segment != next) throw new IllegalStateException("journal went to segment " + segment);
                SnapshotStore.write(config.dataPath(), snap.get());
                log.info("snapshot written: journal continues in segment {}", segment);
            } catch (IOException | RuntimeException e) {
                log.error("snapshot failed; the journal segments stay", e);
            } finally {
                executor.execute(() -> snapshotting = false);
            }
        }, snapshotWriter).exceptionally(e -> {
            log.error("journal rotation failed", e);
            return null;
        });
    }

    /** Releases what the broadcast delay allows and schedules the rest. Core thread. */
    public void release(GameRecord g) {
        long delayMs = book.directory().delaySeconds(g.info()) * 1000L;
        long now = System.currentTimeMillis();
        // every released update goes on the bus: edge relays fold them all; spectators see only theirs
        for (GameUpdate u : g.releaseUpTo(now - delayMs)) bus.publish(u);
        long next = g.nextHeldBackTime();
        if (next >= 0 && releaseScheduled.add(g.id())) {
            executor.schedule(() -> {
                releaseScheduled.remove(g.id());
                release(g);
            }, Math.max(1, next + delayMs - now), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        // the journal first: its last completions still run on the core executor
        if (journal != null) journal.close();
        snapshotWriter.shutdown();
        try {
            snapshotWriter.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (ownsExecutor) executor.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        if (dataLock != null) dataLock.close();
    }
}
