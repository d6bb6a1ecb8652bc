package org.damrelay.relay.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.GameState;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An edge's games kept equal to what the origin released. Each game takes only its next version:
 * one it holds already is a duplicate (dropped), one further on is a hole, and so is a break in
 * the stream's own count; a hole is never skipped over, the caller resynchronises from the
 * origin's state ({@link #merge}), which fills every game up to the origin's version. So
 * spectators get each version once, in order. Core thread only.
 */
final class Replica {

    private static final Logger log = LoggerFactory.getLogger(Replica.class);

    private final RelayCore core;
    private long epoch = -1, seq;

    Replica(RelayCore core) {
        this.core = core;
    }

    /** Core thread: the version of every game this edge holds (what it tells the origin when it asks for the state). */
    Map<String, Integer> known() {
        Map<String, Integer> out = new HashMap<>();
        for (GameRecord g : core.book().games()) out.put(g.id(), g.version());
        return out;
    }

    /** The stream's next entries; false = a hole: stop reading and merge the origin's state. */
    boolean apply(List<StreamEntry> entries) {
        for (StreamEntry e : entries) {
            if (e.epoch() == epoch && e.seq() != seq + 1) {
                log.info("stream skips from entry {} to {}: resynchronising from the origin", seq, e.seq());
                return false;
            }
            epoch = e.epoch();
            seq = e.seq();
            if (!take(e.update())) {
                log.info("game {} skips to version {}: resynchronising from the origin", e.update().getGameId(), e.update().getVersion());
                return false;
            }
        }
        return true;
    }

    /** The origin's released state: every version this edge lacks, in order. The stream's count starts afresh after it. */
    void merge(List<GameState> state) {
        int added = 0;
        for (GameState gs : state) {
            String id = gs.getInitialInfo().getGameId();
            // a game the edge's pairings lack (added by the arbiter): its first update creates it from this
            if (core.book().game(id) == null) core.book().directory().put(gs.getInitialInfo());
            for (GameUpdate u : gs.getUpdatesList()) {
                GameRecord g = core.book().game(id);
                int have = g == null ? 0 : g.version();
                if (u.getVersion() <= have) continue;
                if (!take(u)) {
                    log.error("the origin's game {} jumps from version {} to {}: its history does not continue this edge's",
                            id, have, u.getVersion());
                    break;
                }
                added++;
            }
        }
        epoch = -1;
        if (added > 0) log.info("resynchronised from the origin: {} updates this edge had missed", added);
    }

    /** Applies the game's next version, drops one it has; false = a version is missing before it. */
    private boolean take(GameUpdate u) {
        GameRecord g = core.book().game(u.getGameId());
        int have = g == null ? 0 : g.version();
        if (u.getVersion() <= have) return true;
        if (u.getVersion() != have + 1) return false;
        if (g == null && !u.hasInfo() && core.book().directory().game(u.getGameId()) == null) return false;
        core.replicate(u);
        return true;
    }
}
