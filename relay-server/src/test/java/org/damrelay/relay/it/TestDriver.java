package org.damrelay.relay.it;

import static org.awaitility.Awaitility.await;

import com.google.protobuf.InvalidProtocolBufferException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.damrelay.proto.Ack;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.Hello;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.SensorExcerpt;

/**
 * A test ingest client with its own in-memory outbox: every event stays there until acked, and
 * is re-sent after a reconnect. Stands in for the real driver's on-disk outbox.
 */
public final class TestDriver implements AutoCloseable {

    private final String driverId;
    private final String token;
    private final String eventId;
    final Map<String, Long> nextSeq = new ConcurrentHashMap<>();
    final Map<String, Long> acked = new ConcurrentHashMap<>();
    final Map<String, LinkedHashMap<Long, BoardEvent>> outbox = new ConcurrentHashMap<>();
    final Map<String, Long> evidenceAcked = new ConcurrentHashMap<>();
    WsClient ws;
    private int seen;

    public TestDriver(String driverId, String token, String eventId) {
        this.driverId = driverId;
        this.token = token;
        this.eventId = eventId;
    }

    public TestDriver connect(int port) throws Exception {
        return connect(port, null);
    }

    /** As {@link #connect(int)}, from a local address of its own ({@code 127.0.0.2}: another machine in the hall), null = any. */
    public TestDriver connect(int port, String fromAddress) throws Exception {
        ws = WsClient.connect(port, "/ingest", fromAddress);
        seen = 0;
        ws.sendBinary(DriverFrame.newBuilder().setHello(Hello.newBuilder().setProtocolVersion(1).setToken(token)
                .setEventId(eventId).setDriverId(driverId)).build().toByteArray());
        return this;
    }

    /** Queues an event in the outbox and sends it if connected. */
    public synchronized long send(String board, GameEvent e) {
        return send(board, e, false);
    }

    /**
     * Sends a board's first event after the relay asked it to resume (Assignment.resume), as a
     * driver does, after dropping {@code dropped} events it had numbered but never got taken.
     */
    public long sendResumed(String board, GameEvent e, int dropped) {
        synchronized (this) {
            nextSeq.merge(board, (long) dropped, Long::sum);
            LinkedHashMap<Long, BoardEvent> box = outbox.get(board);
            if (box != null) box.clear();
        }
        long seq = send(board, e, true);
        await().atMost(Duration.ofSeconds(30)).until(() -> acked(board) >= seq);
        return seq;
    }

    private synchronized long send(String board, GameEvent e, boolean resumed) {
        long seq = nextSeq.merge(board, 1L, Long::sum);
        BoardEvent be = BoardEvent.newBuilder().setBoard(board).setSeq(seq).setEvent(e).setResumed(resumed).build();
        outbox.computeIfAbsent(board, b -> new LinkedHashMap<>()).put(seq, be);
        if (ws != null && ws.open()) ws.sendBinary(DriverFrame.newBuilder().setEvent(be).build().toByteArray());
        return seq;
    }

    /** Sends a batch of a board's decoded reports (docs/evidence.md) and waits until the relay has it durable. */
    public void sendEvidenceDurable(String board, long seq, SensorExcerpt excerpt) {
        ws.sendBinary(DriverFrame.newBuilder().setEvidence(BoardEvent.newBuilder().setBoard(board).setSeq(seq).setSensor(excerpt))
                .build().toByteArray());
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            poll();
            return evidenceAcked.getOrDefault(board, 0L) >= seq;
        });
    }

    /** Sends an event and waits until the relay has it durable; a refusal fails at once, naming it. */
    public long sendDurable(String board, GameEvent e) {
        long seq = send(board, e);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<IngestError> refused = errors();
            if (!refused.isEmpty()) throw new AssertionError("relay refused an event: " + refused);
            return acked(board) >= seq;
        });
        return seq;
    }

    /** Reads what the relay sent so far: acks trim the outbox; a welcome triggers the re-send. */
    public synchronized List<RelayFrame> poll() {
        List<RelayFrame> out = new ArrayList<>();
        List<Object> all = ws.received;
        for (; seen < all.size(); seen++) {
            if (!(all.get(seen) instanceof byte[] b)) continue;
            RelayFrame f;
            try {
                f = RelayFrame.parseFrom(b);
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException(e);
            }
            out.add(f);
            if (f.hasAck()) trim(f.getAck());
            if (f.hasEvidenceAck()) evidenceAcked.merge(f.getEvidenceAck().getBoard(), f.getEvidenceAck().getSeq(), Math::max);
            if (f.hasWelcome()) {
                f.getWelcome().getBoardsList().forEach(this::trim);
                for (LinkedHashMap<Long, BoardEvent> box : outbox.values()) {
                    for (BoardEvent be : box.values()) ws.sendBinary(DriverFrame.newBuilder().setEvent(be).build().toByteArray());
                }
            }
        }
        return out;
    }

    private void trim(Ack a) {
        acked.merge(a.getBoard(), a.getSeq(), Math::max);
        LinkedHashMap<Long, BoardEvent> box = outbox.get(a.getBoard());
        if (box != null) box.keySet().removeIf(s -> s <= a.getSeq());
    }

    public long acked(String board) {
        poll();
        return acked.getOrDefault(board, 0L);
    }

    public List<IngestError> errors() {
        return ws.received.stream().filter(byte[].class::isInstance).map(b -> {
            try {
                return RelayFrame.parseFrom((byte[]) b);
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException(e);
            }
        }).filter(RelayFrame::hasError).map(RelayFrame::getError).toList();
    }

    public int pending() {
        poll();
        return outbox.values().stream().mapToInt(Map::size).sum();
    }

    @Override
    public void close() {
        if (ws != null) ws.close();
    }
}
