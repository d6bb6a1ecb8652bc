package org.damrelay.driver.uplink;

import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.Ack;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.DriverFrame;
import org.damrelay.proto.Hello;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.Welcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection to {@code /ingest}: Hello, Welcome, then the outbox streamed in order with at
 * most {@code window} events unacked. A board whose event the relay refuses is held (nothing of
 * it is dropped or made up) and tried again when the relay acks past the refused seq (the
 * arbiter released it) or after {@code heldRetry}. Runs on the channel's event loop only.
 */
final class IngestSession extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger log = LoggerFactory.getLogger(IngestSession.class);

    private final RelayUplink uplink;
    private final Outbox outbox;
    /** The evidence outbox, or null; its own seqs per board, sent after the game events of each pump. */
    private final Outbox evidence;
    private final Map<String, Long> evidenceSent = new HashMap<>();
    private final UplinkConfig config;
    /** Highest seq sent on this connection, per board. */
    private final Map<String, Long> sent = new HashMap<>();
    /** Boards held after a refusal, with the refused seq. */
    private final Map<String, Long> held = new HashMap<>();
    private ChannelHandlerContext ctx;
    private volatile boolean welcomed;
    private int closeCode = -1;
    private String closeReason = "";

    IngestSession(RelayUplink uplink) {
        this.uplink = uplink;
        this.outbox = uplink.outbox();
        this.evidence = uplink.evidence();
        this.config = uplink.config();
    }

    boolean welcomed() {
        return welcomed;
    }

    /** New events in the outbox: send them (from any thread). */
    void poke() {
        ChannelHandlerContext c = ctx;
        if (c != null) c.executor().execute(this::pump);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
            Hello hello = Hello.newBuilder().setProtocolVersion(1).setToken(config.token())
                    .setEventId(config.eventId()).setDriverId(config.driverId())
                    .setSoftware("damrelay driver 0.1.0").build();
            write(DriverFrame.newBuilder().setHello(hello).build());
        } else if (evt == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
            log.warn("relay {} did not complete the WebSocket handshake in time", config.relay());
            ctx.close();
        } else if (evt instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE) {
                ctx.writeAndFlush(new PingWebSocketFrame());
            } else if (idle.state() == IdleState.READER_IDLE) {
                log.warn("relay {} silent for too long (no pong): dropping the connection", config.relay());
                ctx.close();
            }
        } else {
            super.userEventTriggered(ctx, evt);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) throws IOException {
        if (frame instanceof CloseWebSocketFrame close) {
            closeCode = close.statusCode();
            closeReason = close.reasonText();
            ctx.close();
            return;
        }
        if (!(frame instanceof BinaryWebSocketFrame)) {
            log.warn("ignoring a {} from the relay: /ingest speaks binary RelayFrames", frame.getClass().getSimpleName());
            return;
        }
        RelayFrame rf;
        try {
            rf = RelayFrame.parseFrom(ByteBufUtil.getBytes(frame.content()));
        } catch (InvalidProtocolBufferException e) {
            log.error("relay sent a frame that is not a RelayFrame ({}); reconnecting", e.getMessage());
            ctx.close();
            return;
        }
        switch (rf.getBodyCase()) {
            case WELCOME -> onWelcome(rf.getWelcome());
            case ACK -> onAck(rf.getAck());
            case ERROR -> onError(rf.getError());
            case ASSIGNMENT -> {
                resumes(List.of(rf.getAssignment()));
                uplink.assignments().assign(List.of(rf.getAssignment()));
            }
            case EVIDENCE_ACK -> onEvidenceAck(rf.getEvidenceAck());
            case BODY_NOT_SET -> log.warn("relay sent an empty RelayFrame; ignored");
        }
    }

    private void onWelcome(Welcome w) throws IOException {
        if (!w.getEventId().isEmpty() && !w.getEventId().equals(config.eventId())) {
            log.error("relay welcomed us to event {}, we feed {}", w.getEventId(), config.eventId());
        }
        uplink.assignments().states(w.getStatesList());
        resumes(w.getAssignmentsList());
        uplink.assignments().assign(w.getAssignmentsList());
        // The relay's seqs first: the boards that waited for this Welcome make their events as soon as
        // first contact is over (a move made while no driver read the board), and over a wiped outbox
        // those must be numbered after the relay's, not taken for the relay's own by the acks below.
        for (Ack a : w.getBoardsList()) {
            long ours = outbox.ackedSeq(a.getBoard());
            if (a.getSeq() < ours) {
                // acked events are gone from the outbox: the relay lost part of its journal
                log.error("relay holds board {} only up to seq {} but acknowledged up to {} before: seq {}..{} are no longer "
                        + "in this outbox; the relay will refuse what follows (SEQUENCE_GAP) until the arbiter resolves it",
                        a.getBoard(), a.getSeq(), ours, a.getSeq() + 1, ours);
            }
            outbox.ack(a.getBoard(), a.getSeq());
        }
        if (evidence != null) {
            for (Ack a : w.getEvidenceList()) evidence.ack(a.getBoard(), a.getSeq());
        }
        uplink.assignments().firstContactOver();
        welcomed = true;
        uplink.welcomed();
        log.info("relay {} welcomed driver {} ({} boards known); {} events to send", config.relay(),
                config.driverId(), w.getBoardsCount(), outbox.unacked().size());
        pump();
    }

    /**
     * The arbiter switched a game back to its sensor board after a phone notated it: what this
     * outbox still holds unsent for the board was made while the phone notated, and the relay's
     * position stands instead. It is dropped, and the board's next event is marked resumed.
     */
    private void resumes(List<Assignment> assignments) throws IOException {
        for (String board : uplink.assignments().newResumes(assignments)) {
            long dropped = outbox.supersede(board);
            held.remove(board);
            sent.put(board, outbox.ackedSeq(board));
            log.info("board {}: the arbiter switched its game back to this board; it goes on from the relay's position"
                    + " ({} events made meanwhile dropped)", board, dropped);
        }
    }

    private void onAck(Ack a) throws IOException {
        outbox.ack(a.getBoard(), a.getSeq());
        if (a.getSkipped()) {
            log.warn("relay skipped board {} up to seq {} (the arbiter released a refused event)", a.getBoard(), a.getSeq());
        }
        Long refusedSeq = held.get(a.getBoard());
        if (refusedSeq != null && a.getSeq() >= refusedSeq) release(a.getBoard());
        pump();
    }

    private void onEvidenceAck(Ack a) throws IOException {
        if (evidence == null) return;
        evidence.ack(a.getBoard(), a.getSeq());
        pump();
    }

    private void onError(IngestError e) {
        String board = e.getBoard();
        String what = "relay refused board " + board + " seq " + e.getSeq() + " (" + e.getCode() + "): " + e.getMessage();
        if (board.isEmpty()) {
            log.error("{}", what);
            return;
        }
        if (held.containsKey(board)) {
            log.debug("{}", what); // the rest of a refused board's in-flight events
            return;
        }
        switch (e.getCode()) {
            case MOVE_REFUSED, MALFORMED, GAME_FINISHED -> log.error("{}; its events stay in the outbox until the arbiter resolves it", what);
            case BOARD_BLOCKED -> log.warn("{}; its events stay in the outbox until the arbiter resolves it", what);
            case BOARD_HELD -> log.warn("{}; a new game was set up: its events stay in the outbox until the arbiter assigns the board", what);
            case UNKNOWN_BOARD -> log.warn("{}; no pairing feeds from this board yet, its events wait in the outbox", what);
            case SEQUENCE_GAP -> log.warn("{}; re-sending from the last acked seq", what);
            case SEQUENCE_CONFLICT -> log.error("{}; the relay holds this seq with other content: the event stays in the outbox"
                    + " and the arbiter is told", what);
            default -> log.warn("{}", what);
        }
        // Hold the board and forget what was sent of it: a later try re-sends from the last ack.
        held.put(board, e.getSeq());
        sent.put(board, outbox.ackedSeq(board));
        ctx.executor().schedule(() -> {
            if (held.get(board) != null && held.get(board) == e.getSeq()) {
                release(board);
                pump();
            }
        }, config.heldRetry().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void release(String board) {
        held.remove(board);
        sent.put(board, Math.max(sent.getOrDefault(board, 0L), outbox.ackedSeq(board)));
    }

    /** Sends what is unacked and not yet sent on this connection, in outbox order, within the window. */
    private void pump() {
        if (!welcomed || ctx == null || !ctx.channel().isActive()) return;
        List<BoardEvent> pending = outbox.unacked();
        int inFlight = 0;
        boolean wrote = false;
        for (BoardEvent e : pending) {
            if (held.containsKey(e.getBoard())) continue;
            long s = sent.getOrDefault(e.getBoard(), 0L);
            if (e.getSeq() <= s) {
                inFlight++;
            } else if (inFlight < config.window() && e.getSeq() == Math.max(s, outbox.ackedSeq(e.getBoard())) + 1) {
                ctx.write(frame(DriverFrame.newBuilder()
                        .setEvent(e.toBuilder().setSentNanos(System.nanoTime())).build()));
                sent.put(e.getBoard(), e.getSeq());
                inFlight++;
                wrote = true;
            }
        }
        if (pumpEvidence()) wrote = true;
        if (wrote) ctx.flush();
    }

    /**
     * Evidence after the game's events, within its own window; never held for a refused game
     * event (the arbiter needs it most then). Relay errors about evidence only log: the batch is
     * sent again on the next connection.
     */
    private boolean pumpEvidence() {
        if (evidence == null) return false;
        int inFlight = 0;
        boolean wrote = false;
        for (BoardEvent e : evidence.unacked()) {
            long s = evidenceSent.getOrDefault(e.getBoard(), 0L);
            if (e.getSeq() <= s) {
                inFlight++;
            } else if (inFlight < config.window() && e.getSeq() == Math.max(s, evidence.ackedSeq(e.getBoard())) + 1) {
                ctx.write(frame(DriverFrame.newBuilder().setEvidence(e).build()));
                evidenceSent.put(e.getBoard(), e.getSeq());
                inFlight++;
                wrote = true;
            }
        }
        return wrote;
    }

    private void write(DriverFrame f) {
        ctx.writeAndFlush(frame(f));
    }

    private static BinaryWebSocketFrame frame(DriverFrame f) {
        return new BinaryWebSocketFrame(Unpooled.wrappedBuffer(f.toByteArray()));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        welcomed = false;
        uplink.sessionEnded(this, closeCode, closeReason);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.warn("relay connection failed: {}", cause.toString());
        ctx.close();
    }
}
