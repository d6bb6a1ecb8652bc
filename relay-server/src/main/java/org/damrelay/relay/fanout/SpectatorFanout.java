package org.damrelay.relay.fanout;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.Subscribe;
import org.damrelay.proto.Subscribed;
import org.damrelay.proto.Unsubscribe;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameRecord;

/**
 * Delivers released updates to the spectators subscribed to their game, round or event. Each
 * update is encoded once, as the very bytes of its WebSocket frame (a server's frames are not
 * masked, so they are the same for every spectator); every recipient gets a retained duplicate of
 * them, and each event loop gets one task that writes to all its channels and flushes them. Each scope's
 * subscribers are kept grouped by event loop ({@link Audience}) as they subscribe and leave. Subscriptions are
 * kept on the core thread, so a snapshot and the live updates after it never cross.
 */
public final class SpectatorFanout {

    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    private final RelayCore core;
    private final Map<Scope, Audience> byScope = new HashMap<>();
    /**
     * Each connection's scopes, kept here on the core thread rather than on the connection: a small
     * immutable list of the audiences' own scope values (most hold one), not a set and a copy of
     * the scope per connection, since 20,000 idle spectators make every byte count 20,000 times.
     */
    private final Map<SpectatorConnection, List<Scope>> subscriptions = new HashMap<>();
    /** The encoded snapshot of each game at its released version: a reconnect storm encodes each once. */
    private final Map<String, EncodedSnapshot> snapshots = new HashMap<>();

    private record EncodedSnapshot(int version, TextWebSocketFrame frame) {}

    /** What else a subscriber gets of a game after its snapshot (an engine's evaluations); core thread. */
    private Function<String, List<SpectatorMessage>> alsoOnSubscribe = id -> List.of();

    /** Netty's server frame encoder, run once per update here rather than once per spectator on the event loops. Core thread. */
    private final EmbeddedChannel framer = new EmbeddedChannel(new WebSocket08FrameEncoder(false));

    public SpectatorFanout(RelayCore core) {
        this.core = core;
        core.bus().subscribe(this::onUpdate);
    }

    public static String json(SpectatorMessage m) {
        try {
            return JSON.print(m);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    static ByteBuf encode(SpectatorMessage m) {
        return Unpooled.wrappedBuffer(json(m).getBytes(StandardCharsets.UTF_8));
    }

    /** Core thread: the connections that follow a game, subscribed to it, its round or its whole event. */
    public int spectators(GameInfo g) {
        int n = 0;
        for (Scope scope : Scope.reaching(g)) {
            Audience a = byScope.get(scope);
            if (a != null) n += a.size();
        }
        return n;
    }

    /**
     * Core thread: one released update to every subscriber. The subscribers are already grouped by
     * event loop, so this costs one task per loop and scope, whatever the audience's size. The bus
     * carries every released update; spectators get only those meant for them.
     */
    void onUpdate(GameUpdate u) {
        if (!GameRecord.visibleToSpectators(u)) return;
        long t0 = System.nanoTime();
        GameRecord g = core.book().game(u.getGameId());
        // numbered by this run (the epoch every subscriber was told in Subscribed): its epoch need not travel
        long run = core.book().epoch();
        if (broadcast(g.info(), () -> SpectatorMessage.newBuilder().setUpdate(run != 0 && u.getEpoch() == run ? u.toBuilder().clearEpoch().build() : u).build())) {
            core.metrics().fanoutNanos(System.nanoTime() - t0);
        }
    }

    /** Core thread: a message about a game (an engine's evaluation) to everyone who follows it, as an update goes. */
    public void sendToGame(String gameId, SpectatorMessage m) {
        GameRecord g = core.book().game(gameId);
        if (g != null) broadcast(g.info(), () -> m);
    }

    /** Core thread: a message to every spectator connection (the engine was switched off). */
    public void sendToAll(SpectatorMessage m) {
        for (SpectatorConnection c : subscriptions.keySet()) c.send(m);
    }

    /** Core thread: sets what a subscriber gets of a game after its snapshot. */
    public void alsoOnSubscribe(Function<String, List<SpectatorMessage>> extra) {
        this.alsoOnSubscribe = extra;
    }

    /** Encodes the message once and hands it to each event loop of the game's audience; false when no one follows the game. */
    private boolean broadcast(GameInfo info, Supplier<SpectatorMessage> message) {
        Map<EventLoop, List<SpectatorConnection[]>> byLoop = new HashMap<>(4);
        for (Scope scope : Scope.reaching(info)) {
            Audience a = byScope.get(scope);
            if (a != null) a.forEachLoop((loop, members) -> byLoop.computeIfAbsent(loop, k -> new ArrayList<>(1)).add(members));
        }
        if (byLoop.isEmpty()) return false;
        ByteBuf frame = framed(new TextWebSocketFrame(encode(message.get())));
        long releasedAt = System.currentTimeMillis();
        for (Map.Entry<EventLoop, List<SpectatorConnection[]>> e : byLoop.entrySet()) {
            ByteBuf shared = frame.retain();
            List<SpectatorConnection[]> groups = e.getValue();
            // the core on this very loop (RelayConfig.eventLoops 1): written now, no task
            if (e.getKey().inEventLoop()) deliver(shared, groups, releasedAt);
            else e.getKey().execute(() -> deliver(shared, groups, releasedAt));
        }
        frame.release();
        return true;
    }

    /**
     * Core thread: the frame's wire bytes in one direct buffer, so the socket write needs no copy
     * (the encoder leaves a payload over 1 KB apart from its header, and on the heap).
     */
    private ByteBuf framed(TextWebSocketFrame frame) {
        framer.writeOutbound(frame);
        ByteBuf first = framer.readOutbound(), next = framer.readOutbound();
        if (next == null && first.isDirect()) return first;
        ByteBuf one = framer.alloc().directBuffer(first.readableBytes() + (next == null ? 0 : next.readableBytes()));
        one.writeBytes(first);
        first.release();
        if (next != null) {
            one.writeBytes(next);
            next.release();
        }
        return one;
    }

    /** Event loop: writes the shared frame bytes to its recipients, then flushes them. */
    private void deliver(ByteBuf shared, List<SpectatorConnection[]> groups, long releasedAt) {
        try {
            // one subscribed to the game and to its round gets the update once; only then is a set needed
            Set<SpectatorConnection> seen = groups.size() > 1 ? Collections.newSetFromMap(new IdentityHashMap<>()) : null;
            int written = 0, dropped = 0;
            for (SpectatorConnection[] members : groups) {
                for (SpectatorConnection c : members) {
                    if (seen != null && !seen.add(c)) continue;
                    if (c.deliver(shared.retainedDuplicate())) written++;
                    else dropped++;
                }
            }
            if (seen != null) {
                for (SpectatorConnection c : seen) c.flush();
            } else {
                for (SpectatorConnection c : groups.get(0)) c.flush();
            }
            core.metrics().delivered(written);
            if (dropped > 0) core.metrics().dropped(dropped);
            core.metrics().deliveryLatencyMillis(System.currentTimeMillis() - releasedAt);
        } finally {
            shared.release();
        }
    }

    /** Core thread. */
    public void subscribe(SpectatorConnection c, Subscribe s) {
        Scope scope;
        if (!s.getGameId().isEmpty()) {
            if (core.book().game(s.getGameId()) == null) {
                c.send(error("UNKNOWN_GAME", "no game " + s.getGameId()));
                return;
            }
            scope = Scope.game(s.getGameId());
        } else {
            if (core.book().directory().event(s.getEventId()) == null) {
                c.send(error("UNKNOWN_EVENT", "no event \"" + s.getEventId() + "\""));
                return;
            }
            scope = Scope.round(s.getEventId(), s.getRound());
        }
        List<GameInfo> games = scope.games(core.book());
        List<Scope> mine = subscriptions.getOrDefault(c, List.of());
        if (!mine.contains(scope)) {
            if (mine.size() >= core.config().limits().maxSubscriptionsPerConnection()) {
                c.closeTooMany("more than " + core.config().limits().maxSubscriptionsPerConnection() + " subscriptions");
                return;
            }
            Audience a = byScope.computeIfAbsent(scope, Audience::new);
            a.add(c);
            subscriptions.put(c, with(mine, a.scope()));
            core.metrics().subscriptions(1);
        }
        Subscribed.Builder done = Subscribed.newBuilder().setEventId(s.getEventId()).setRound(s.getRound()).setGameId(s.getGameId())
                .setEpoch(core.book().epoch());
        for (GameInfo info : games) {
            GameRecord g = core.book().game(info.getGameId());
            if (g == null) continue;
            catchUp(c, g, s.getKnownMap().get(g.id()), s.getKnownEpochsOrDefault(g.id(), 0L));
            for (SpectatorMessage m : alsoOnSubscribe.apply(g.id())) c.send(m);
            done.addGameIds(g.id());
            // counted after this subscriber was added: its own page never says "0 watching"
            done.putSpectators(g.id(), spectators(info));
            done.setDelaySeconds(Math.max(done.getDelaySeconds(), core.book().directory().delaySeconds(info)));
        }
        c.send(SpectatorMessage.newBuilder().setSubscribed(done).build());
    }

    private void catchUp(SpectatorConnection c, GameRecord g, Integer known, long knownEpoch) {
        if (known != null && core.replica() && g.behind(known, knownEpoch)) {
            // an edge behind the origin (it has not fetched these versions yet), not one that lost them:
            // the spectator keeps what it holds and gets what follows as the edge catches up
            return;
        }
        if (known != null && g.rolledBack(known, knownEpoch)) {
            // never other content under a number the spectator holds: a snapshot that says its view went back
            c.send(SpectatorMessage.newBuilder().setSnapshot(g.spectatorSnapshot().toBuilder().setRolledBack(true)).build());
            return;
        }
        List<GameUpdate> missed = known == null ? null : g.releasedSince(known, core.config().limits().maxCatchUpUpdates());
        if (missed == null) {
            c.sendShared(snapshotFrame(g));
        } else {
            for (GameUpdate u : missed) c.send(SpectatorMessage.newBuilder().setUpdate(u).build());
        }
    }

    /** Core thread. */
    public void unsubscribe(SpectatorConnection c, Unsubscribe u) {
        Scope scope = !u.getGameId().isEmpty() ? Scope.game(u.getGameId()) : Scope.round(u.getEventId(), u.getRound());
        List<Scope> mine = subscriptions.get(c);
        if (mine != null && mine.contains(scope)) {
            leave(c, scope);
            List<Scope> left = mine.stream().filter(x -> !x.equals(scope)).toList();
            if (left.isEmpty()) subscriptions.remove(c);
            else subscriptions.put(c, left);
        }
    }

    private static List<Scope> with(List<Scope> scopes, Scope added) {
        if (scopes.isEmpty()) return List.of(added);
        List<Scope> more = new ArrayList<>(scopes.size() + 1);
        more.addAll(scopes);
        more.add(added);
        return List.copyOf(more);
    }

    private void leave(SpectatorConnection c, Scope scope) {
        Audience a = byScope.get(scope);
        if (a != null && a.remove(c) && a.isEmpty()) byScope.remove(scope);
        core.metrics().subscriptions(-1);
    }

    /** Core thread: the connection is gone. */
    public void remove(SpectatorConnection c) {
        List<Scope> mine = subscriptions.remove(c);
        if (mine != null) for (Scope scope : mine) leave(c, scope);
    }

    /** Core thread: a slow consumer caught up; it gets the latest snapshot of each of its games instead of the backlog. */
    public void resync(SpectatorConnection c) {
        c.caughtUp();
        Set<String> seen = new HashSet<>();
        for (Scope scope : subscriptions.getOrDefault(c, List.of())) {
            for (GameInfo info : scope.games(core.book())) {
                GameRecord g = core.book().game(info.getGameId());
                if (g != null && seen.add(g.id())) c.sendShared(snapshotFrame(g));
            }
        }
    }

    /** Core thread: a retained duplicate of the game's encoded snapshot, encoding it only when it changed. */
    private TextWebSocketFrame snapshotFrame(GameRecord g) {
        EncodedSnapshot cached = snapshots.get(g.id());
        if (cached == null || cached.version() != g.released()) {
            if (cached != null) cached.frame().release();
            cached = new EncodedSnapshot(g.released(),
                    new TextWebSocketFrame(encode(SpectatorMessage.newBuilder().setSnapshot(g.spectatorSnapshot()).build())));
            snapshots.put(g.id(), cached);
        }
        return cached.frame().retainedDuplicate();
    }

    public static SpectatorMessage error(String code, String message) {
        return SpectatorMessage.newBuilder().setError(RelayError.newBuilder().setCode(code).setMessage(message)).build();
    }
}
