package org.damrelay.relay.core;

import java.util.function.Consumer;
import org.damrelay.proto.GameUpdate;

/**
 * Where released updates go on their way to spectators. In-process now; several relay nodes can
 * later share one stream by putting a broker (Redis pub/sub) behind this, without touching
 * ingest or the viewer.
 */
public interface UpdateBus {
    void publish(GameUpdate update);

    void subscribe(Consumer<GameUpdate> listener);
}
