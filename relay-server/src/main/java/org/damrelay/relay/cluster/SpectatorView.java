package org.damrelay.relay.cluster;

import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.relay.game.GameRecord;

/**
 * What leaves the origin for the edges: released updates only, and of the arbiter-only ones just
 * their place in the game (version, time) and the clock reading spectators see in the snapshot
 * anyway. So an edge folds the same versions to the same spectator state without ever holding
 * an arbiter's alert.
 */
public final class SpectatorView {

    private SpectatorView() {}

    public static GameUpdate of(GameUpdate u) {
        if (GameRecord.visibleToSpectators(u)) return u;
        // an event without a type: spectators' filter drops it, the fold takes only its clock
        GameEvent.Builder stub = GameEvent.newBuilder();
        if (u.getEvent().hasClock()) stub.setClock(u.getEvent().getClock());
        return GameUpdate.newBuilder().setGameId(u.getGameId()).setVersion(u.getVersion())
                .setRelayTimeMs(u.getRelayTimeMs()).setEpoch(u.getEpoch()).setEvent(stub).build();
    }
}
