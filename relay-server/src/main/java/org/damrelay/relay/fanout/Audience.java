package org.damrelay.relay.fanout;

import io.netty.channel.EventLoop;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The subscribers of one scope (a game, a round or an event), kept grouped by event loop as they
 * come and go, so an update is handed to each loop with a ready recipient array instead of a set
 * built per update. Core thread only; the arrays it hands out are never changed afterwards, so the
 * event loops may read them.
 */
final class Audience {

    private static final SpectatorConnection[] NONE = new SpectatorConnection[0];

    private final Scope scope;
    private final Map<EventLoop, Members> byLoop = new HashMap<>();
    private int size;

    Audience(Scope scope) {
        this.scope = scope;
    }

    /** The one value of this scope that every subscriber's list shares. */
    Scope scope() { return scope; }

    /** One event loop's share: a set for membership, an array prepared lazily after a change. */
    private static final class Members {
        final Set<SpectatorConnection> set = new LinkedHashSet<>();
        SpectatorConnection[] prepared;

        SpectatorConnection[] prepared() {
            if (prepared == null) prepared = set.toArray(NONE);
            return prepared;
        }
    }

    boolean add(SpectatorConnection c) {
        Members m = byLoop.computeIfAbsent(c.eventLoop(), k -> new Members());
        if (!m.set.add(c)) return false;
        m.prepared = null;
        size++;
        return true;
    }

    boolean remove(SpectatorConnection c) {
        Members m = byLoop.get(c.eventLoop());
        if (m == null || !m.set.remove(c)) return false;
        if (m.set.isEmpty()) byLoop.remove(c.eventLoop());
        else m.prepared = null;
        size--;
        return true;
    }

    boolean isEmpty() { return size == 0; }

    int size() { return size; }

    /** Each event loop with its recipients; the arrays stay valid (unchanged) after later adds and removes. */
    void forEachLoop(BiConsumer<EventLoop, SpectatorConnection[]> action) {
        for (Map.Entry<EventLoop, Members> e : byLoop.entrySet()) action.accept(e.getKey(), e.getValue().prepared());
    }
}
