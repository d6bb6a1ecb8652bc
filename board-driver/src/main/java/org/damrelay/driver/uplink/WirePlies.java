package org.damrelay.driver.uplink;

import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.proto.wire.GameWire;

/**
 * Numbers one board's events as the wire and the PDN do ({@link GameWire#plyNumber}: 1 = white's
 * first move, so a record whose position has black to move starts at 2). The reconstruction counts
 * plies played; where its record starts is known up front, except for a game joined in progress:
 * there the first move after {@code JOINED_MID_GAME} tells who was to move, and the numbering
 * follows. Stateful: one per board's stream, fed every event in order.
 */
public final class WirePlies {
    private final int startBase;
    private int base;
    private boolean joining;

    /** @param start where the board's games start (a new game set up numbers from here again) */
    public WirePlies(Position start) {
        this(GameWire.plyNumber(start, 0), GameWire.plyNumber(start, 0));
    }

    /**
     * @param pliesBefore the wire's ply number of the position the reconstruction begins from (a resumed game)
     * @param startBase   the wire's ply number of the board's start position, for the games set up after it
     */
    public WirePlies(int pliesBefore, int startBase) {
        this.base = pliesBefore;
        this.startBase = startBase;
    }

    /** The wire's ply number of {@code e} (0 stays 0: before any move). */
    public int number(ArbiterEvent e) {
        int before = pliesBefore(e);
        return e.ply() == 0 ? 0 : e.ply() + before;
    }

    /** The wire's ply number of the position the record of {@code e} starts from (what {@link GameEvents#toProto} adds). */
    public int pliesBefore(ArbiterEvent e) {
        if (e.type() == EventType.JOINED_MID_GAME) {
            joining = true;
            base = 0;
        } else if (e.type() == EventType.GAME_STARTED) {
            joining = false;
            base = startBase;
        } else if (joining && e.before() != null && e.ply() == 1) {
            // the first move of a joined game: its mover was the side to move where the record starts
            joining = false;
            base = GameWire.plyNumber(e.before(), 0);
        }
        return base;
    }
}
