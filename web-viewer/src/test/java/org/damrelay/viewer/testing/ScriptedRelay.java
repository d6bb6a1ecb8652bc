package org.damrelay.viewer.testing;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.damrelay.proto.Alert;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.Ply;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.SpectatorMessage;
import org.damrelay.proto.SpectatorRequest;
import org.damrelay.proto.Subscribe;
import org.damrelay.proto.Subscribed;

/**
 * A loopback stand-in for the relay that speaks the spectator and arbiter halves of
 * docs/protocol.md (v1) and serves the viewer's static files, so the browser tests can drive the
 * viewer before the real relay server exists. The test scripts what happened on the boards; the
 * relay keeps its state across {@link #restart()} the way the real one keeps its journal.
 */
public final class ScriptedRelay implements AutoCloseable {

    /** Event types spectators see (docs/protocol.md); the rest go to the arbiter only. */
    private static final Set<EventType> PUBLIC_EVENTS =
            Set.of(EventType.MOVE, EventType.MOVE_REPLACED, EventType.MOVE_RETRACTED, EventType.ILLEGAL_MOVE);

    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();

    private final String arbiterToken;
    private final Map<String, GameState> games = new LinkedHashMap<>();
    private final Map<Long, Alert> alerts = new LinkedHashMap<>();
    private final List<ArbiterRequest> arbiterRequests = new ArrayList<>();
    private final List<Subscribe> subscriptions = new ArrayList<>();
    private final Map<Channel, Subscribe> spectators = new ConcurrentHashMap<>();
    private final Map<Channel, String> arbiters = new ConcurrentHashMap<>();
    private long nextAlertId = 1;
    private int delaySeconds;
    private int port;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel server;

    private static final class GameState {
        GameInfo info;
        int version;
        final List<Ply> plies = new ArrayList<>();
        String fen;
        org.damrelay.proto.Clock clock = org.damrelay.proto.Clock.getDefaultInstance();
        GameResult result = GameResult.RESULT_UNSPECIFIED;
        final List<GameUpdate> history = new ArrayList<>();

        GameSnapshot snapshot() {
            return GameSnapshot.newBuilder().setInfo(info).setVersion(version).addAllPlies(plies)
                    .setFen(fen).setClock(clock).setResult(result).build();
        }
    }

    private ScriptedRelay(String arbiterToken) {
        this.arbiterToken = arbiterToken;
    }

    /** Starts on an ephemeral loopback port. */
    public static ScriptedRelay start(String arbiterToken) throws InterruptedException {
        ScriptedRelay relay = new ScriptedRelay(arbiterToken);
        relay.bind(0);
        return relay;
    }

    private void bind(int wanted) throws InterruptedException {
        boss = new NioEventLoopGroup(1);
        workers = new NioEventLoopGroup(1);
        server = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                new RelayHandler(ScriptedRelay.this));
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), wanted)).sync().channel();
        port = ((InetSocketAddress) server.localAddress()).getPort();
    }

    public int port() {
        return port;
    }

    public String httpUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Stops listening and drops every connection, as a crashed or restarted relay would. */
    public void stop() throws InterruptedException {
        if (server == null) return;
        server.close().sync();
        workers.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        boss.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        spectators.clear();
        arbiters.clear();
        server = null;
    }

    /** Listens again on the same port with the state it had. */
    public void restart() throws InterruptedException {
        stop();
        bind(port);
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    public synchronized void setDelaySeconds(int seconds) {
        delaySeconds = seconds;
    }

    public synchronized void addGame(GameInfo info) {
        GameState g = new GameState();
        g.info = info;
        g.fen = info.getStartFen().isEmpty() ? "W:W31-50:B1-20" : info.getStartFen();
        games.put(info.getGameId(), g);
    }

    /** Something happened on a board: stored, given a version and fanned out. Returns the version. */
    public synchronized int publish(String gameId, GameEvent event) {
        GameState g = game(gameId);
        switch (event.getType()) {
            case MOVE, MOVE_REPLACED, ILLEGAL_MOVE -> {
                if (event.getType() != EventType.ILLEGAL_MOVE || !event.getFen().isEmpty()) {
                    g.plies.removeIf(p -> p.getPly() >= event.getPly());
                    g.plies.add(Ply.newBuilder().setPly(event.getPly()).setNotation(event.getNotation())
                            .setFen(event.getFen()).setMove(event.getMove()).setClock(event.getClock())
                            .setIrregular(event.getType() == EventType.ILLEGAL_MOVE).build());
                    g.fen = event.getFen();
                }
            }
            case MOVE_RETRACTED -> {
                g.plies.removeIf(p -> p.getPly() >= event.getPly());
                g.fen = event.getFen();
            }
            default -> { }
        }
        if (event.hasClock()) g.clock = event.getClock();
        return fanOut(g, GameUpdate.newBuilder().setEvent(event));
    }

    /** An arbiter-only alert about a game (it also takes a version of the game). */
    public synchronized long raiseAlert(String gameId, GameEvent event) {
        GameState g = game(gameId);
        long id = nextAlertId++;
        Alert alert = Alert.newBuilder().setAlertId(id).setGameId(gameId).setBoard(g.info.getBoard()).setEvent(event).build();
        alerts.put(id, alert);
        arbiters.keySet().forEach(ch -> send(ch, ArbiterMessage.newBuilder().setAlert(alert).build()));
        if (event.getType() != EventType.ILLEGAL_MOVE || event.getFen().isEmpty()) {
            fanOut(g, GameUpdate.newBuilder().setEvent(event));
        }
        return id;
    }

    public synchronized void result(String gameId, GameResult result) {
        GameState g = game(gameId);
        g.result = result;
        fanOut(g, GameUpdate.newBuilder().setResult(result));
    }

    public synchronized List<ArbiterRequest> arbiterRequests() {
        return List.copyOf(arbiterRequests);
    }

    /** Every Subscribe received, in order (a reconnecting viewer says what it holds in `known`). */
    public synchronized List<Subscribe> subscriptions() {
        return List.copyOf(subscriptions);
    }

    public synchronized boolean acknowledged(long alertId) {
        return alerts.get(alertId).getAcknowledged();
    }

    public synchronized GameResult resultOf(String gameId) {
        return game(gameId).result;
    }

    public int spectatorCount() {
        return spectators.size();
    }

    private GameState game(String gameId) {
        GameState g = games.get(gameId);
        if (g == null) throw new IllegalArgumentException("no game " + gameId);
        return g;
    }

    private int fanOut(GameState g, GameUpdate.Builder change) {
        GameUpdate update = change.setGameId(g.info.getGameId()).setVersion(++g.version)
                .setRelayTimeMs(System.currentTimeMillis()).build();
        g.history.add(update);
        if (isPublic(update)) {
            spectators.forEach((ch, sub) -> {
                if (inScope(sub, g.info)) send(ch, SpectatorMessage.newBuilder().setUpdate(update).build());
            });
        }
        arbiters.keySet().forEach(ch -> send(ch, ArbiterMessage.newBuilder().setUpdate(update).build()));
        return update.getVersion();
    }

    private static boolean isPublic(GameUpdate u) {
        return !u.hasEvent() || PUBLIC_EVENTS.contains(u.getEvent().getType());
    }

    private static boolean inScope(Subscribe s, GameInfo info) {
        if (!s.getGameId().isEmpty()) return s.getGameId().equals(info.getGameId());
        return s.getEventId().equals(info.getEventId()) && (s.getRound() == 0 || s.getRound() == info.getRound());
    }

    // ---- connections (called by RelayHandler on the event loop) ----

    synchronized void onSpectatorFrame(Channel ch, String text) {
        SpectatorRequest.Builder req = SpectatorRequest.newBuilder();
        try {
            JsonFormat.parser().merge(text, req);
        } catch (InvalidProtocolBufferException e) {
            closeWith(ch, 4400, "malformed frame: " + e.getMessage());
            return;
        }
        if (!req.hasSubscribe()) return;
        Subscribe sub = req.getSubscribe();
        subscriptions.add(sub);
        List<String> ids = new ArrayList<>();
        for (GameState g : games.values()) {
            if (!inScope(sub, g.info)) continue;
            ids.add(g.info.getGameId());
            Integer known = sub.getKnownMap().get(g.info.getGameId());
            if (known != null && known <= g.version) {
                for (GameUpdate u : g.history) {
                    if (u.getVersion() > known && isPublic(u)) send(ch, SpectatorMessage.newBuilder().setUpdate(u).build());
                }
            } else {
                send(ch, SpectatorMessage.newBuilder().setSnapshot(g.snapshot()).build());
            }
        }
        if (ids.isEmpty()) {
            send(ch, SpectatorMessage.newBuilder().setError(RelayError.newBuilder().setCode("UNKNOWN_EVENT")
                    .setMessage("nothing matches " + text)).build());
            return;
        }
        spectators.put(ch, sub);
        send(ch, SpectatorMessage.newBuilder().setSubscribed(Subscribed.newBuilder().setEventId(sub.getEventId())
                .setRound(sub.getRound()).setGameId(sub.getGameId()).addAllGameIds(ids).setDelaySeconds(delaySeconds)).build());
    }

    synchronized void onArbiterFrame(Channel ch, String text) {
        ArbiterRequest.Builder b = ArbiterRequest.newBuilder();
        try {
            JsonFormat.parser().merge(text, b);
        } catch (InvalidProtocolBufferException e) {
            closeWith(ch, 4400, "malformed frame: " + e.getMessage());
            return;
        }
        ArbiterRequest req = b.build();
        if (!arbiters.containsKey(ch)) {
            if (!req.hasHello() || !req.getHello().getToken().equals(arbiterToken)) {
                closeWith(ch, 4401, "unknown or revoked token");
                return;
            }
            arbiters.put(ch, req.getHello().getArbiter());
            alerts.values().forEach(a -> send(ch, ArbiterMessage.newBuilder().setAlert(a).build()));
            return;
        }
        arbiterRequests.add(req);
        ArbiterMessage.Builder reply = ArbiterMessage.newBuilder().setRequestId(req.getRequestId());
        switch (req.getBodyCase()) {
            case ACK_ALERT -> {
                Alert a = alerts.get(req.getAckAlert().getAlertId());
                if (a == null) {
                    reply.setError(RelayError.newBuilder().setCode("UNKNOWN_ALERT").setMessage("no alert " + req.getAckAlert().getAlertId()));
                } else {
                    Alert acked = a.toBuilder().setAcknowledged(true).setAcknowledgedBy(arbiters.get(ch)).build();
                    alerts.put(a.getAlertId(), acked);
                    arbiters.keySet().forEach(other -> send(other, ArbiterMessage.newBuilder().setAlert(acked).build()));
                    reply.setOk("alert " + a.getAlertId() + " acknowledged");
                }
            }
            case RESULT -> {
                result(req.getResult().getGameId(), req.getResult().getResult());
                reply.setOk("result " + req.getResult().getResult() + " entered");
            }
            case CORRECT -> {
                Correction c = req.getCorrect().getCorrection();
                GameState g = game(req.getCorrect().getGameId());
                if (c.getKind() != Correction.Kind.TAKE_BACK) {
                    reply.setError(RelayError.newBuilder().setCode("BAD_REQUEST").setMessage("this test relay only takes back"));
                } else {
                    g.plies.removeIf(p -> p.getPly() > c.getPly());
                    g.fen = g.plies.isEmpty() ? g.info.getStartFen() : g.plies.get(g.plies.size() - 1).getFen();
                    fanOut(g, GameUpdate.newBuilder().setCorrection(c.toBuilder().setFen(g.fen)));
                    reply.setOk("taken back to ply " + c.getPly());
                }
            }
            default -> reply.setError(RelayError.newBuilder().setCode("BAD_REQUEST").setMessage("not supported here: " + req.getBodyCase()));
        }
        send(ch, reply.build());
    }

    static void closeWith(Channel ch, int code, String reason) {
        ch.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(ChannelFutureListener.CLOSE);
    }

    void onClose(Channel ch) {
        spectators.remove(ch);
        arbiters.remove(ch);
    }

    private static void send(Channel ch, Message m) {
        try {
            ch.writeAndFlush(new TextWebSocketFrame(JSON.print(m)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}
