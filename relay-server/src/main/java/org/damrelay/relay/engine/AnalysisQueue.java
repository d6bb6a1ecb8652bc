package org.damrelay.relay.engine;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What waits for the one engine: at most one position per game, the newest (a newer position of
 * a game supersedes the one waiting), and the game whose position came last is served first, so a
 * spectator sees the move just played evaluated before older ones. Thread-safe: the core offers,
 * the engine's worker takes.
 */
final class AnalysisQueue<J> {

    /** In the order the games' positions came; the last is served first. */
    private final LinkedHashMap<String, J> byGame = new LinkedHashMap<>();

    /** The game's newest position: it replaces the one waiting and goes to the front. */
    synchronized void offer(String game, J job) {
        byGame.remove(game);
        byGame.put(game, job);
        notifyAll();
    }

    /** A position the engine failed on, again, unless the game has a newer one waiting. */
    synchronized void retry(String game, J job) {
        if (byGame.putIfAbsent(game, job) == null) notifyAll();
    }

    /** Waits for a position and takes the newest game's. */
    synchronized Map.Entry<String, J> take() throws InterruptedException {
        while (byGame.isEmpty()) wait();
        Map.Entry<String, J> last = null;
        for (Map.Entry<String, J> e : byGame.entrySet()) last = e;
        Map.Entry<String, J> out = Map.entry(last.getKey(), last.getValue());
        byGame.remove(last.getKey());
        return out;
    }

    synchronized void clear() {
        byGame.clear();
    }

    synchronized int size() {
        return byGame.size();
    }

    /** Drops what no longer should be analysed (a game of a variant no engine offers). */
    synchronized void removeIf(java.util.function.Predicate<J> drop) {
        for (Iterator<J> it = byGame.values().iterator(); it.hasNext(); ) if (drop.test(it.next())) it.remove();
    }
}
