package org.damrelay.relay.game;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;

/**
 * One game on the relay: every update in version order (version n = updates[n-1]), the live
 * state, and three marks: how many updates are written to the journal (may be shown to the
 * arbiter), how many are released to spectators (written and past the broadcast delay), and how
 * many are durable (fsync'd: what a notation device is told together with its acks). An arbiter's
 * update is shown only once durable, and holds back what follows it until then.
 *
 * <p>Updates are kept as their protobuf bytes (one array each), not as the ~20 objects of a parsed
 * update: a relay keeps every move of every game, and each object it keeps is one more the young
 * collection copies and, once old, one more the old generation holds (docs/benchmarks.md, round
 * 6). Only the updates not yet released stay parsed, for the release that publishes them; what a
 * snapshot, a catch-up or a notation device reads of older ones is parsed again then.
 */
public final class GameRecord {

    private final GameInfo initialInfo;
    private final GameFold live;
    private final List<byte[]> updates = new ArrayList<>();
    /** The updates after {@link #released}, parsed, in version order: what the next releases publish. */
    private final ArrayDeque<GameUpdate> unreleased = new ArrayDeque<>();
    private int written;
    private int durable;
    private int released;
    /** Written versions that may be shown only once durable (the arbiter's: no one would send them again), ascending. */
    private final ArrayDeque<Integer> durableFirst = new ArrayDeque<>();
    private GameSnapshot releasedSnapshot;

    public GameRecord(GameInfo info) {
        this.initialInfo = info;
        this.live = new GameFold(info);
    }

    public String id() { return initialInfo.getGameId(); }
    public GameInfo initialInfo() { return initialInfo; }
    public GameFold live() { return live; }
    public int version() { return updates.size(); }
    public int written() { return written; }
    public int durable() { return durable; }
    public int released() { return released; }
    public GameInfo info() { return live.info(); }

    /** The update numbered as this game's next version; nothing changes until it is {@link #add added}. */
    public GameUpdate next(GameUpdate.Builder u, long relayTimeMs) {
        return u.setGameId(id()).setVersion(updates.size() + 1).setRelayTimeMs(relayTimeMs).build();
    }

    /** Adds the next update (the book applying a journal record, live or on replay): the live state moves at once. */
    void add(GameUpdate update) {
        if (update.getVersion() != updates.size() + 1) {
            throw new IllegalStateException("game " + id() + ": update version " + update.getVersion()
                    + " does not follow " + updates.size());
        }
        updates.add(update.toByteArray());
        unreleased.addLast(update);
        live.apply(update);
    }

    void markWritten(int version) {
        written = Math.max(written, Math.min(version, updates.size()));
    }

    void markDurable(int version) {
        markWritten(version);
        durable = Math.max(durable, Math.min(version, updates.size()));
        while (!durableFirst.isEmpty() && durableFirst.peekFirst() <= durable) durableFirst.pollFirst();
    }

    /** The written version may be shown (released, told live) only once it is durable; nor may any after it. */
    void holdUntilDurable(int version) {
        if (version > durable) durableFirst.addLast(version);
    }

    /** How far this game may be shown now: what is written, up to the first version that waits for its fsync. */
    public int showable() {
        return durableFirst.isEmpty() ? written : Math.min(written, durableFirst.peekFirst() - 1);
    }

    public GameUpdate update(int version) {
        return parse(updates.get(version - 1));
    }

    /** Updates {@code from}..{@code to} (versions, inclusive), parsed. */
    private List<GameUpdate> updates(int from, int to) {
        List<GameUpdate> out = new ArrayList<>(Math.max(0, to - from + 1));
        for (int v = from; v <= to; v++) out.add(update(v));
        return out;
    }

    /** The first {@code version} updates as their bytes (immutable arrays; never changed once kept). */
    public List<byte[]> encodedUpTo(int version) {
        return List.copyOf(updates.subList(0, version));
    }

    static GameUpdate parse(byte[] bytes) {
        try {
            return GameUpdate.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a kept update no longer parses", e);
        }
    }

    /** Releases to spectators every written update accepted at or before {@code cutoffMs}; returns them. */
    public List<GameUpdate> releaseUpTo(long cutoffMs) {
        List<GameUpdate> out = new ArrayList<>();
        int limit = showable();
        while (released < limit && unreleased.peekFirst().getRelayTimeMs() <= cutoffMs) {
            out.add(unreleased.pollFirst());
            released++;
        }
        if (!out.isEmpty()) releasedSnapshot = null;
        return out;
    }

    /** When the next held-back update may be released (its accept time), or -1. */
    public long nextHeldBackTime() {
        return released < showable() ? unreleased.peekFirst().getRelayTimeMs() : -1;
    }

    /** What spectators see now: the state folded from the released updates, with the epoch of the last. */
    public GameSnapshot spectatorSnapshot() {
        if (releasedSnapshot == null) {
            List<GameUpdate> shown = updates(1, released);
            GameSnapshot s = GameFold.of(initialInfo, shown).snapshot();
            releasedSnapshot = released == 0 ? s : s.toBuilder().setEpoch(shown.get(released - 1).getEpoch()).build();
        }
        return releasedSnapshot;
    }

    /**
     * Whether a spectator holding version {@code known} of epoch {@code epoch} (0: not told) holds
     * content this relay no longer has: a version beyond all it has, or one since given to other
     * content (another epoch). Versions of one epoch are a prefix: if {@code known} is the same,
     * so is everything before it.
     */
    public boolean rolledBack(int known, long epoch) {
        if (known > updates.size()) return true;
        return known > 0 && epoch != 0 && update(known).getEpoch() != epoch;
    }

    /**
     * Whether a spectator holding version {@code known} of {@code epoch} is ahead of this copy in
     * the same run (an edge that has not fetched those versions yet), rather than holding versions
     * that were lost: the last version released here is of that same epoch.
     */
    public boolean behind(int known, long epoch) {
        return known > released && released > 0 && epoch != 0 && update(released).getEpoch() == epoch;
    }

    /** Released spectator-visible updates after {@code known}, or null when more than {@code max} were missed. */
    public List<GameUpdate> releasedSince(int known, int max) {
        if (known < 0 || known > released) return null;
        if (released - known > max) return null;
        List<GameUpdate> out = new ArrayList<>();
        for (GameUpdate u : updates(known + 1, released)) if (visibleToSpectators(u)) out.add(u);
        return out;
    }

    /** Spectators see what changes the position, results, pairings and corrections; other alerts are the arbiter's. */
    public static boolean visibleToSpectators(GameUpdate u) {
        if (!u.hasEvent()) return true;
        EventType t = u.getEvent().getType();
        return t == EventType.MOVE || t == EventType.MOVE_REPLACED || t == EventType.MOVE_RETRACTED || t == EventType.ILLEGAL_MOVE
                || t == EventType.JOINED_MID_GAME && !u.getEvent().getFen().isEmpty(); // a join may change the position
    }

    /**
     * An update whose effect on the plies only the relay's fold knows (a join's position, the path
     * the arbiter picked for it): a screen that holds the game takes its snapshot after it.
     */
    public static boolean rewritesPlies(GameUpdate u) {
        return u.hasEvent() && u.getEvent().getType() == EventType.JOINED_MID_GAME && !u.getEvent().getFen().isEmpty()
                || u.hasCorrection() && u.getCorrection().getKind() == Correction.Kind.CHOOSE_PATH;
    }

    /**
     * Alerts are every event but a plain move, a notator's correction of their own last entry and a
     * driver's correction of a ply it sent before the board told what it was.
     */
    public static boolean isAlert(GameUpdate u) {
        return u.hasEvent() && u.getEvent().getType() != EventType.MOVE && !u.getEvent().getEntryCorrection()
                && !u.getEvent().getBoardCorrection();
    }
}
