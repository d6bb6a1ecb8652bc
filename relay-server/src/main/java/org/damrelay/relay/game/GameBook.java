package org.damrelay.relay.game;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.damrelay.proto.Alert;
import org.damrelay.proto.CursorState;
import org.damrelay.proto.GameState;
import org.damrelay.proto.RelaySnapshot;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.EventType;
import org.damrelay.proto.HoldRelease;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.SkipRecord;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;

/**
 * The relay's whole state: every game, every board's stream cursor, the alerts and the audit
 * log. Journal records are applied here in order by one {@link #apply}, both when they are
 * accepted live and when the journal is replayed at start, so both paths give the same state;
 * {@link #written} marks what they changed as visible (in the journal; the arbiter's changes only
 * once durable) and {@link #durable} as safe to ack (fsync'd). Core thread only.
 */
public final class GameBook {

    private final EventDirectory directory;
    private final long epoch;
    private final Map<String, GameRecord> games = new LinkedHashMap<>();
    private final Map<Source, SourceCursor> cursors = new HashMap<>();
    private final Map<Long, Alert> alerts = new LinkedHashMap<>();
    private final List<AuditEntry> audit = new ArrayList<>();
    /** Per game: its notation credential (digest only), the newest grant or revocation. */
    private final Map<String, NotationGrant> notationGrants = new HashMap<>();

    public GameBook(EventDirectory directory) {
        this(directory, 0);
    }

    /** @param epoch this run's epoch (its start time in ms): versions it numbers are told apart from a lost run's */
    public GameBook(EventDirectory directory, long epoch) {
        this.directory = directory;
        this.epoch = epoch;
        for (GameInfo g : directory.allGames()) games.put(g.getGameId(), new GameRecord(g));
    }

    public EventDirectory directory() { return directory; }

    public GameRecord game(String id) { return games.get(id); }

    public List<GameRecord> games() { return List.copyOf(games.values()); }

    public SourceCursor cursor(Source s) {
        return cursors.computeIfAbsent(s, k -> new SourceCursor());
    }

    public Map<Source, SourceCursor> cursors() { return cursors; }

    public List<Alert> alerts() { return List.copyOf(alerts.values()); }

    public Alert alert(long id) { return alerts.get(id); }

    public List<AuditEntry> audit() { return List.copyOf(audit); }

    public NotationGrant notationGrant(String gameId) { return notationGrants.get(gameId); }

    /** A new game (pairing added by the arbiter) or an existing one. */
    private GameRecord gameFor(GameInfo info) {
        return games.computeIfAbsent(info.getGameId(), k -> new GameRecord(info));
    }

    /**
     * The update a service proposes for a game, numbered as the next version: nothing changes
     * until its journal record is {@link #apply applied}.
     */
    public GameUpdate next(String gameId, GameUpdate.Builder u, long relayTimeMs) {
        GameRecord g = games.get(gameId);
        return u.setGameId(gameId).setVersion(g == null ? 1 : g.version() + 1).setRelayTimeMs(relayTimeMs).setEpoch(epoch).build();
    }

    /** This relay run's epoch, stamped on every update it numbers (GameUpdate.epoch). */
    public long epoch() { return epoch; }

    /** What applying a record produced: the game update and the alert it raised, either may be null. */
    public record Applied(GameUpdate update, Alert alert) {
        static final Applied NOTHING = new Applied(null, null);
    }

    /**
     * Applies one journal record: the only thing that changes the relay's state, the same code
     * live (before the record is written) and on replay. Services only validate and build records.
     */
    public Applied apply(JournalRecord r) {
        switch (r.getBodyCase()) {
            case INGEST -> {
                IngestRecord in = r.getIngest();
                GameUpdate u = in.getUpdate();
                SourceCursor c = cursor(source(in));
                c.applied(in.getSeq(), u.getEvent().getType() == EventType.GAME_STARTED);
                c.noteDigest(in.getSeq(), in.getEventDigest());
                add(u);
                return new Applied(u, noteAlert(u));
            }
            case ARBITER_UPDATE -> {
                GameUpdate u = r.getArbiterUpdate();
                add(u);
                if (u.hasInfo()) {
                    directory.put(u.getInfo());
                    // a pairing that names a held board is the arbiter assigning it to this game
                    GameInfo i = u.getInfo();
                    SourceCursor held = cursors.get(new Source(i.getEventId(), i.getSourceDriver(), i.getSourceBoard()));
                    if (held != null) held.release();
                }
                return new Applied(u, noteAlert(u));
            }
            case AUDIT -> audit.add(r.getAudit());
            case ALERT_ACK -> {
                Alert a = alerts.get(r.getAlertAck().getAlertId());
                if (a != null) {
                    alerts.put(a.getAlertId(), a.toBuilder().setAcknowledged(true)
                            .setAcknowledgedBy(r.getAlertAck().getArbiter()).build());
                }
            }
            case SKIP -> {
                SkipRecord k = r.getSkip();
                cursor(new Source(k.getEventId(), k.getDriverId(), k.getBoard())).skipped(k.getSeq());
            }
            case HOLD_RELEASE -> {
                HoldRelease h = r.getHoldRelease();
                SourceCursor c = cursors.get(new Source(h.getEventId(), h.getDriverId(), h.getBoard()));
                if (c != null) c.release();
            }
            case NOTATION_GRANT -> notationGrants.put(r.getNotationGrant().getGameId(), r.getNotationGrant());
            case REPLICATED -> {
                // an edge relay: the origin's released update; no boards, no alerts here
                GameUpdate u = r.getReplicated();
                add(u);
                if (u.hasInfo()) directory.put(u.getInfo());
                return new Applied(u, null);
            }
            case BODY_NOT_SET -> { }
        }
        return Applied.NOTHING;
    }

    /**
     * The record is written to the journal (its bytes are in the OS: a crash of the relay process
     * no longer loses it): what it changed to a game may be shown to the arbiter and released to
     * spectators. Should the machine itself fail before the fsync, the driver still holds the
     * event (it is acked only once {@link #durable}) and sends it again, so a move a spectator saw
     * comes back.
     */
    public void written(JournalRecord r) {
        GameUpdate u = gameUpdate(r);
        if (u == null) return;
        GameRecord g = games.get(u.getGameId());
        if (durableFirst(r)) g.holdUntilDurable(u.getVersion());
        g.markWritten(u.getVersion());
    }

    /**
     * Whether a record may be shown only once fsync'd: the arbiter's changes (results, corrections,
     * pairings, the relay's own alerts) have no sender to send them again after a power cut, so
     * what a spectator saw of them could be lost and its version given to other content.
     */
    public static boolean durableFirst(JournalRecord r) {
        return r.getBodyCase() == JournalRecord.BodyCase.ARBITER_UPDATE;
    }

    /**
     * The record is on disk (fsync'd, or replayed from the journal; so also written): the board's
     * events up to it may be acked to the driver, which then forgets them, and a notation device
     * may be told the game up to it together with those acks.
     */
    public void durable(JournalRecord r) {
        GameUpdate u = gameUpdate(r);
        if (u != null) games.get(u.getGameId()).markDurable(u.getVersion());
        switch (r.getBodyCase()) {
            case INGEST -> cursor(source(r.getIngest())).markDurable(r.getIngest().getSeq(), false);
            case SKIP -> {
                SkipRecord k = r.getSkip();
                cursor(new Source(k.getEventId(), k.getDriverId(), k.getBoard())).markDurable(k.getSeq(), true);
            }
            default -> { }
        }
    }

    /** The game update a record carries (a board's event, an arbiter's change, an origin's release), or null. */
    private static GameUpdate gameUpdate(JournalRecord r) {
        return switch (r.getBodyCase()) {
            case INGEST -> r.getIngest().getUpdate();
            case ARBITER_UPDATE -> r.getArbiterUpdate();
            case REPLICATED -> r.getReplicated();
            default -> null;
        };
    }

    private Source source(IngestRecord in) {
        return new Source(gameEvent(in.getUpdate().getGameId()), in.getDriverId(), in.getBoard());
    }

    /** The whole state as a snapshot, to be written once the journal continues at {@code segment}. */
    public RelaySnapshot snapshot(long segment) {
        return snapshotLater(segment).get();
    }

    /**
     * The whole state as it is now (core thread), as a snapshot built when asked: the kept updates
     * are referenced (their bytes never change), and parsing them into the snapshot's message is
     * left to the thread that writes it, off the core.
     */
    public Supplier<RelaySnapshot> snapshotLater(long segment) {
        record Kept(GameInfo initialInfo, List<byte[]> updates) {}
        List<Kept> kept = new ArrayList<>(games.size());
        for (GameRecord g : games.values()) kept.add(new Kept(g.initialInfo(), g.encodedUpTo(g.version())));
        RelaySnapshot.Builder b = RelaySnapshot.newBuilder().setSegment(segment);
        for (Map.Entry<Source, SourceCursor> e : cursors.entrySet()) {
            SourceCursor c = e.getValue();
            if (c.applied() == 0) continue;
            b.addCursors(CursorState.newBuilder().setEventId(e.getKey().eventId()).setDriverId(e.getKey().driver())
                    .setBoard(e.getKey().board()).setSeq(c.applied()).setSkipped(c.durableSkipped()).setHeldSince(c.heldSince()));
        }
        RelaySnapshot rest = b.addAllAlerts(alerts.values()).addAllAudit(audit).addAllNotationGrants(notationGrants.values()).build();
        return () -> {
            RelaySnapshot.Builder whole = rest.toBuilder();
            for (Kept k : kept) {
                GameState.Builder gs = GameState.newBuilder().setInitialInfo(k.initialInfo());
                for (byte[] u : k.updates()) gs.addUpdates(GameRecord.parse(u));
                whole.addGames(gs);
            }
            return whole.build();
        };
    }

    /** Loads a snapshot into an empty book: everything in it is durable. */
    public void restore(RelaySnapshot s) {
        for (GameState gs : s.getGamesList()) {
            GameRecord g = new GameRecord(gs.getInitialInfo());
            games.put(g.id(), g);
            for (GameUpdate u : gs.getUpdatesList()) {
                g.add(u);
                if (u.hasInfo()) directory.put(u.getInfo());
            }
            g.markDurable(g.version());
        }
        for (CursorState c : s.getCursorsList()) {
            SourceCursor cur = cursor(new Source(c.getEventId(), c.getDriverId(), c.getBoard()));
            cur.restore(c.getSeq(), c.getSkipped(), c.getHeldSince());
        }
        for (Alert a : s.getAlertsList()) alerts.put(a.getAlertId(), a);
        audit.addAll(s.getAuditList());
        for (NotationGrant n : s.getNotationGrantsList()) notationGrants.put(n.getGameId(), n);
    }

    private void add(GameUpdate u) {
        GameRecord g = games.get(u.getGameId());
        if (g == null) {
            GameInfo info = u.hasInfo() ? u.getInfo() : directory.game(u.getGameId());
            if (info == null) {
                throw new IllegalStateException("the journal names game " + u.getGameId()
                        + ", which is neither in the pairings nor was added by the arbiter: restore its pairing to start");
            }
            g = gameFor(info);
        }
        g.add(u);
    }

    private String gameEvent(String gameId) {
        GameRecord g = games.get(gameId);
        if (g != null) return g.info().getEventId();
        GameInfo info = directory.game(gameId);
        if (info == null) {
            throw new IllegalStateException("the journal names game " + gameId
                    + ", which is neither in the pairings nor was added by the arbiter: restore its pairing to start");
        }
        return info.getEventId();
    }

    private Alert noteAlert(GameUpdate u) {
        if (!GameRecord.isAlert(u)) return null;
        long id = alerts.size() + 1L;
        GameRecord g = games.get(u.getGameId());
        alerts.put(id, Alert.newBuilder().setAlertId(id).setGameId(u.getGameId())
                .setBoard(g == null ? 0 : g.info().getBoard()).setEvent(u.getEvent())
                .setRelayTimeMs(u.getRelayTimeMs()).setVersion(u.getVersion()).build());
        return alerts.get(id);
    }
}
