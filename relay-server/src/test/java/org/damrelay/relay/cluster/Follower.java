package org.damrelay.relay.cluster;

import static org.awaitility.Awaitility.await;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.relay.it.WsClient;

/**
 * A spectator as the viewer is one: it keeps the highest version of each game and sends it in
 * {@code known} when it reconnects. Everything it is sent is checked as it comes: a version it
 * already has is a duplicate, a move that does not follow the last ply is a hole.
 */
final class Follower implements AutoCloseable {

    private final Subscribe scope;
    private WsClient ws;
    private int seen;
    private final Map<String, Integer> known = new ConcurrentHashMap<>();
    private final Map<String, Integer> plies = new ConcurrentHashMap<>();
    final List<String> violations = new CopyOnWriteArrayList<>();
    final List<GameSnapshot> snapshots = new CopyOnWriteArrayList<>();
    final List<GameUpdate> updates = new CopyOnWriteArrayList<>();

    Follower(Subscribe scope) {
        this.scope = scope;
    }

    /** Connects (again) and subscribes with what it has; returns once the relay confirmed. */
    Follower connect(int port) throws Exception {
        poll();
        ws = WsClient.connect(port, "/ws");
        seen = 0;
        ws.sendJson(SpectatorRequest.newBuilder().setSubscribe(scope.toBuilder().putAllKnown(known)).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> ws.texts().stream().anyMatch(t -> t.startsWith("{\"subscribed\"")));
        poll();
        return this;
    }

    boolean open() { return ws != null && ws.open(); }

    synchronized void poll() {
        if (ws == null) return;
        List<String> texts = ws.texts();
        for (; seen < texts.size(); seen++) {
            SpectatorMessage.Builder m = SpectatorMessage.newBuilder();
            try {
                JsonFormat.parser().merge(texts.get(seen), m);
            } catch (InvalidProtocolBufferException e) {
                violations.add("not a SpectatorMessage: " + texts.get(seen));
                continue;
            }
            if (m.hasSnapshot()) take(m.getSnapshot());
            else if (m.hasUpdate()) take(m.getUpdate());
        }
    }

    private void take(GameSnapshot s) {
        String id = s.getInfo().getGameId();
        if (s.getVersion() < known.getOrDefault(id, 0)) violations.add(id + ": snapshot at " + s.getVersion() + " after " + known.get(id));
        snapshots.add(s);
        known.put(id, s.getVersion());
        plies.put(id, s.getPliesCount());
    }

    private void take(GameUpdate u) {
        String id = u.getGameId();
        int have = known.getOrDefault(id, 0);
        if (u.getVersion() <= have) {
            violations.add(id + ": version " + u.getVersion() + " again (had " + have + ")");
            return;
        }
        if (u.hasEvent() && u.getEvent().getType() == EventType.MOVE) {
            int ply = plies.getOrDefault(id, 0) + 1;
            if (u.getEvent().getPly() != ply) violations.add(id + ": ply " + u.getEvent().getPly() + " where " + ply + " was next");
            plies.put(id, u.getEvent().getPly());
        }
        updates.add(u);
        known.put(id, u.getVersion());
    }

    int plies(String gameId) {
        poll();
        return plies.getOrDefault(gameId, 0);
    }

    @Override
    public void close() {
        if (ws != null) ws.close();
    }
}
