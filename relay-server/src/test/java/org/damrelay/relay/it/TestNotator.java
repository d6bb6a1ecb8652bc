package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.damrelay.draughts.rules.Move;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.Clock;
import org.damrelay.proto.DeviceEntry;
import org.damrelay.proto.DeviceHello;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceRequest;
import org.damrelay.proto.DeviceState;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.TimeEntry;
import org.damrelay.proto.Undo;
import org.damrelay.proto.wire.GameWire;

/**
 * A notation device for tests and the demo: signs in on /notate with a game's credential and sends
 * numbered entries as the notation page does. Also for other modules, from the relay-server test-jar.
 */
public final class TestNotator implements AutoCloseable {

    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final long START = System.currentTimeMillis();

    private final WsClient ws;
    private long seq;

    private TestNotator(WsClient ws, long lastSeq) {
        this.ws = ws;
        this.seq = lastSeq;
    }

    /** The arbiter issues a credential for the game; fails when refused. */
    public static NotationCredential issue(TestArbiter arbiter, String gameId, TimeEntry times) {
        return arbiter.requestOk(ArbiterRequest.newBuilder().setNotation(NotationRequest.newBuilder().setGameId(gameId)
                .setAction(NotationRequest.Action.ISSUE).setTimes(times).setBaseUrl("http://relay.test"))).getNotation();
    }

    /** The credential in a notation link ({@code ...#game=G&key=K}). */
    public static String key(NotationCredential c) {
        return c.getLink().substring(c.getLink().indexOf("key=") + 4);
    }

    /** Signs in; entries continue after {@code lastSeq} (0 for a new device). Does not wait for the answer. */
    public static TestNotator connect(int port, String gameId, String key, long lastSeq) throws Exception {
        WsClient ws = WsClient.connect(port, "/notate");
        ws.sendJson(DeviceRequest.newBuilder().setHello(DeviceHello.newBuilder().setGameId(gameId).setToken(key)).build());
        return new TestNotator(ws, lastSeq);
    }

    /** Enters a move (with the remaining times, or null) under the next seq; returns the seq. */
    public long move(Move m, Clock clock) {
        DeviceEntry.Builder e = DeviceEntry.newBuilder().setSeq(++seq).setMove(GameWire.move(m)).setDeviceTimeMs(deviceTime(seq));
        if (clock != null) e.setClock(clock);
        ws.sendJson(DeviceRequest.newBuilder().setEntry(e).build());
        return seq;
    }

    public long undo() {
        ++seq;
        ws.sendJson(DeviceRequest.newBuilder().setEntry(DeviceEntry.newBuilder().setSeq(seq).setUndo(Undo.getDefaultInstance())
                .setDeviceTimeMs(deviceTime(seq))).build());
        return seq;
    }

    /** When the entry was made, as a page keeps it with the entry: the same on every re-send of that seq. */
    private static long deviceTime(long seq) {
        return START + seq * 1000;
    }

    /** Sends a request (notator, result, stop) and waits for its answer. */
    public DeviceMessage.Builder request(DeviceRequest.Builder r) {
        String id = "d" + REQUESTS.incrementAndGet();
        ws.sendJson(r.setRequestId(id).build());
        await().atMost(Duration.ofSeconds(30)).until(() -> messages().stream().anyMatch(m -> m.getRequestId().equals(id)));
        return messages().stream().filter(m -> m.getRequestId().equals(id)).findFirst().orElseThrow();
    }

    /** Waits until the relay acked {@code seq}. */
    public void awaitAcked(long s) {
        await().atMost(Duration.ofSeconds(30)).until(() -> state() != null && state().getAcked() >= s);
    }

    /** The newest state the relay sent, or null. */
    public DeviceState state() {
        List<DeviceMessage.Builder> all = messages();
        for (int i = all.size() - 1; i >= 0; i--) if (all.get(i).hasState()) return all.get(i).getState();
        return null;
    }

    public List<DeviceMessage.Builder> messages() {
        return ws.json(DeviceMessage::newBuilder);
    }

    /** The close code the relay sent, -1 while open. */
    public int awaitClosed() {
        await().atMost(Duration.ofSeconds(30)).until(() -> ws.closeCode != -1 || !ws.open());
        return ws.closeCode;
    }

    public String closeReason() {
        return ws.closeReason;
    }

    @Override
    public void close() {
        ws.close();
    }
}
