package org.damrelay.relay.game;

import java.util.Arrays;

/**
 * Where one physical board's stream stands: the last seq applied (accepted or skipped), the last
 * one made durable (what is acked), the seq that was refused and blocks the board, if any, and
 * the GAME_STARTED that holds the board until the arbiter assigns it to a game.
 */
public final class SourceCursor {
    private long applied;
    private long durable;
    private boolean durableSkipped;
    private long blockedSeq;
    private String blockedReason = "";
    private long heldSince;
    /**
     * The content digest of each applied seq (IngestRecord.event_digest), to tell a re-send from a
     * conflict: one int per seq from {@link #digestBase} on (a board's seqs are applied in order;
     * 0 = unknown), not a boxed map entry per move that every game keeps for hours.
     */
    private int[] digests = new int[0];
    private long digestBase;
    /** Past this many seqs from the first one noted a digest is not kept (unknown, as before a snapshot). */
    private static final int MAX_DIGESTS = 1 << 24;

    public long applied() { return applied; }
    public long durable() { return durable; }
    public boolean durableSkipped() { return durableSkipped; }
    public boolean blocked() { return blockedSeq != 0; }
    public long blockedSeq() { return blockedSeq; }
    public String blockedReason() { return blockedReason; }
    /** A new game was set up on the board (GAME_STARTED at {@link #heldSince()}) and the arbiter has not assigned it yet. */
    public boolean held() { return heldSince != 0; }
    public long heldSince() { return heldSince; }

    /** The digest stored for {@code seq}, or 0 when unknown (before the digests, or before a snapshot). */
    public int digest(long seq) {
        long i = seq - digestBase;
        return digestBase == 0 || i < 0 || i >= digests.length ? 0 : digests[(int) i];
    }

    void noteDigest(long seq, int digest) {
        if (digest == 0 || seq <= 0) return;
        if (digestBase == 0) digestBase = seq;
        long i = seq - digestBase;
        if (i < 0 || i >= MAX_DIGESTS) return;
        if (i >= digests.length) digests = Arrays.copyOf(digests, (int) Math.min(MAX_DIGESTS, Math.max(i + 1, Math.max(16, 2L * digests.length))));
        digests[(int) i] = digest;
    }

    /** An accepted event was applied; a GAME_STARTED holds the board from its seq on. */
    void applied(long seq, boolean gameStarted) {
        applied = Math.max(applied, seq);
        if (gameStarted) heldSince = seq;
    }

    /** The arbiter released the refused seq: it counts as applied, and the board is no longer blocked. */
    void skipped(long seq) {
        applied = Math.max(applied, seq);
        blockedSeq = 0;
        blockedReason = "";
    }

    /** The arbiter assigned the held board to a game. */
    void release() {
        heldSince = 0;
    }

    /** The state a snapshot kept: everything in it is durable. */
    void restore(long seq, boolean skipped, long heldSinceSeq) {
        applied = seq;
        markDurable(seq, skipped);
        heldSince = heldSinceSeq;
    }

    /** A refusal blocks the board until the arbiter resolves it; in memory only, the driver re-sends. */
    /** The refused event is applied after all (the arbiter changed the game so that it fits). */
    public void unblock() {
        blockedSeq = 0;
        blockedReason = "";
    }

    public void block(long seq, String reason) {
        if (blockedSeq == 0) {
            blockedSeq = seq;
            blockedReason = reason;
        }
    }

    void markDurable(long seq, boolean skipped) {
        if (seq >= durable) {
            durable = seq;
            durableSkipped = skipped;
        }
    }
}
