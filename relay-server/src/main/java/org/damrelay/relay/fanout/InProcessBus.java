package org.damrelay.relay.fanout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.damrelay.relay.core.UpdateBus;
import org.damrelay.proto.GameUpdate;

/** The single-node bus: listeners are called on the publishing thread, in order. */
public final class InProcessBus implements UpdateBus {
    private final List<Consumer<GameUpdate>> listeners = new CopyOnWriteArrayList<>();

    @Override
    public void publish(GameUpdate update) {
        for (Consumer<GameUpdate> l : listeners) l.accept(update);
    }

    @Override
    public void subscribe(Consumer<GameUpdate> listener) {
        listeners.add(listener);
    }
}
