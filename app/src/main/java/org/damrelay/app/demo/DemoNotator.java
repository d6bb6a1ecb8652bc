package org.damrelay.app.demo;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.DeviceEntry;
import org.damrelay.proto.DeviceHello;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.NotatorName;
import org.damrelay.proto.ResultConfirmed;
import org.damrelay.proto.Side;
import org.damrelay.proto.TimeEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's notated board: a player with a phone, played by a small client. It asks the relay for
 * the game's notation credential as the arbiter console does, signs in on /notate as the notation
 * page does, says who notates and enters the game's moves with the remaining times, paced like a
 * game. It speaks the page's protocol (docs/notation.md), so what the relay sees is what a phone sends.
 * Once the relay holds the last move, both players confirm the game's result on it, as at a real
 * board without sensors: the demo's match then ends final.
 */
final class DemoNotator implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DemoNotator.class);
    private static final JsonFormat.Printer JSON = JsonFormat.printer().omittingInsignificantWhitespace();
    private static final long START_MS = 80 * 60_000, INCREMENT_MS = 60_000;

    private final ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "demo-notator");
        t.setDaemon(true);
        return t;
    });
    private final WebSocket socket;
    private final PdnGame game;
    private final String white, black;
    /** Completed when the relay acknowledged the game's last entry (a DeviceState with acked = every ply). */
    private final CompletableFuture<Void> allHeld;
    private final long plyMillis;
    private Position position;
    private int next;
    private long whiteMs = START_MS, blackMs = START_MS;

    private DemoNotator(WebSocket socket, PdnGame game, long plyMillis, String white, String black, CompletableFuture<Void> allHeld) {
        this.socket = socket;
        this.game = game;
        this.white = white;
        this.black = black;
        this.allHeld = allHeld;
        this.plyMillis = plyMillis;
        this.position = game.start();
    }

    /** Issues the credential with the arbiter's token and starts entering the game. */
    static DemoNotator start(int port, String arbiterToken, String gameId, PdnGame game, String white, String black, double speed)
            throws IOException, InterruptedException {
        String notator = white;
        HttpClient http = HttpClient.newHttpClient();
        ArbiterRequest issue = ArbiterRequest.newBuilder().setRequestId("demo-notation").setNotation(NotationRequest.newBuilder()
                .setGameId(gameId).setAction(NotationRequest.Action.ISSUE).setTimes(TimeEntry.TIMES_OPTIONAL)
                .setBaseUrl("http://127.0.0.1:" + port)).build();
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/arbiter"))
                .header("Authorization", "Bearer " + arbiterToken).POST(HttpRequest.BodyPublishers.ofString(json(issue))).build(),
                HttpResponse.BodyHandlers.ofString());
        ArbiterMessage.Builder m = ArbiterMessage.newBuilder();
        JsonFormat.parser().merge(answer.body(), m);
        if (!m.hasNotation()) throw new IOException("the relay did not issue the demo's notation credential: " + answer.body());
        String link = m.getNotation().getLink();
        String key = link.substring(link.indexOf("key=") + 4);
        CompletableFuture<Void> allHeld = new CompletableFuture<>();
        int plies = game.plies().size();
        WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + port + "/notate"), new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                // acks and states: a phone keeps its outbox by them; the demo waits for the last move's before the result
                text.append(data);
                if (last) {
                    DeviceMessage.Builder m = DeviceMessage.newBuilder();
                    try {
                        JsonFormat.parser().ignoringUnknownFields().merge(text.toString(), m);
                        if (m.hasState() && m.getState().getAcked() >= plies) allHeld.complete(null);
                    } catch (InvalidProtocolBufferException e) {
                        log.warn("demo notator: {}", e.toString());
                    }
                    text.setLength(0);
                }
                w.request(1);
                return null;
            }
        }).join();
        DemoNotator n = new DemoNotator(ws, game, Math.max(200, Math.round(20_000 / speed)), white, black, allHeld);
        n.send(DeviceRequest.newBuilder().setHello(DeviceHello.newBuilder().setGameId(gameId).setToken(key)).build());
        n.send(DeviceRequest.newBuilder().setRequestId("notator").setNotator(NotatorName.newBuilder().setName(notator)).build());
        n.pace.schedule(n::enterNext, n.plyMillis, TimeUnit.MILLISECONDS);
        log.info("demo: {} is notated on a phone ({} moves)", gameId, game.plies().size());
        return n;
    }

    /** One move with both remaining times, as the player enters it after pressing the clock. */
    private void enterNext() {
        if (next >= game.plies().size()) {
            // the players confirm the result once the relay holds every move, a moment after the last one
            allHeld.thenRun(() -> pace.schedule(this::confirmResult, plyMillis, TimeUnit.MILLISECONDS));
            return;
        }
        Move move = game.plies().get(next);
        boolean white = position.sideToMove() == Color.WHITE;
        long thought = plyMillis * 3 + (next * 7919L % 90_000);
        if (white) whiteMs = Math.max(1000, whiteMs - thought) + INCREMENT_MS;
        else blackMs = Math.max(1000, blackMs - thought) + INCREMENT_MS;
        MoveData.Builder md = MoveData.newBuilder().setFrom(move.from()).setTo(move.to()).addAllCaptured(move.capturedSquares())
                .addAllPath(move.path());
        send(DeviceRequest.newBuilder().setEntry(DeviceEntry.newBuilder().setSeq(++next).setMove(md)
                .setClock(Clock.newBuilder().setWhiteMs((int) whiteMs).setBlackMs((int) blackMs)
                        .setRunning(white ? Side.BLACK : Side.WHITE))
                .setDeviceTimeMs(System.currentTimeMillis())).build());
        position = position.apply(move);
        pace.schedule(this::enterNext, plyMillis, TimeUnit.MILLISECONDS);
    }

    /** Both players confirm the game's result on the phone (the PDN's; a game without one stays open). */
    private void confirmResult() {
        GameResult result = DemoMonitor.resultOf(game.result());
        if (result == GameResult.RESULT_UNSPECIFIED) return;
        send(DeviceRequest.newBuilder().setRequestId("result")
                .setResult(ResultConfirmed.newBuilder().setResult(result).addConfirmedBy(white).addConfirmedBy(black)).build());
        log.info("demo: the players confirmed {} on the phone", game.result());
    }

    private void send(Message m) {
        socket.sendText(json(m), true).orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> {
            log.warn("demo notator: {}", e.toString());
            return null;
        }).join();
    }

    private static String json(Message m) {
        try {
            return JSON.print(m);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        pace.shutdownNow();
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "demo ends").completeOnTimeout(null, 2, TimeUnit.SECONDS);
    }
}
