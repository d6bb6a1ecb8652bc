package org.damrelay.relay.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.damrelay.proto.Ack;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.SkipRecord;
import org.damrelay.proto.StreamNotice;
import org.damrelay.proto.Welcome;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.evidence.EvidenceStore;
import org.damrelay.relay.game.EventCheck;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Joins;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.game.Verdict;

/**
 * What the relay does with driver events: drop duplicates by seq, refuse gaps, unknown boards and
 * moves the rules core rejects (and block the board until the arbiter resolves it), and journal
 * the rest, acking each once it is durable. After a GAME_STARTED the board is held: its next
 * events are kept, unacked, until the arbiter assigns the board to a game. Runs on the core thread.
 */
public final class IngestService {

    public static final int PROTOCOL_VERSION = 1;

    private record DriverKey(String eventId, String driverId) {}

    /** An event of a held board, kept (unacked) until the arbiter assigns the board to a game. */
    private record Pending(DriverSession session, BoardEvent event) {}

    /** Kept events per held board; past this the driver's outbox alone keeps them and re-sends them after the release. */
    static final int MAX_KEPT = 2000;

    private final RelayCore core;
    /** The newest connection of each driver: acks go there, even for events sent before a reconnect. */
    private final Map<DriverKey, DriverSession> sessions = new HashMap<>();
    /** The event that blocked each board, kept (in memory, the driver re-sends it too) to be checked again on resolve. */
    private final Map<Source, Pending> refused = new HashMap<>();
    /** Boards offered a seq past the next one (the relay lost acked records): the arbiter resolves them. */
    private final Map<Source, Long> gaps = new HashMap<>();
    /** Seqs already reported as conflicting, so that a driver's retries raise one alert, not one each. */
    private final Set<String> conflictsReported = new HashSet<>();
    /** In memory only: the driver keeps them in its outbox too and re-sends them after a relay restart. */
    private final Map<Source, List<Pending>> held = new HashMap<>();

    /** Where the boards' reports are kept for the arbiter, or null when this relay keeps none. */
    private final EvidenceStore evidence;

    public IngestService(RelayCore core) {
        this(core, null);
    }

    public IngestService(RelayCore core, EvidenceStore evidence) {
        this.core = core;
        this.evidence = evidence;
    }

    /** Null when this relay keeps no evidence. */
    public EvidenceStore evidence() {
        return evidence;
    }

    /**
     * A batch of a board's decoded reports (docs/evidence.md): kept whatever the state of the
     * board's game (blocked, held, unassigned), acked once on disk. Any thread.
     */
    public void acceptEvidence(DriverSession session, BoardEvent be) {
        if (be.getBoard().isEmpty() || be.getSeq() <= 0 || !be.hasSensor()) {
            error(session, IngestError.Code.MALFORMED, be.toBuilder().setBoard("").build(),
                    "evidence of board \"" + be.getBoard() + "\" seq " + be.getSeq() + " needs a board, a seq >= 1 and reports");
            return;
        }
        if (evidence == null) return; // never acked: the driver keeps it for a relay that keeps evidence
        Source source = new Source(session.eventId(), session.driverId(), be.getBoard());
        evidence.append(source, be, durable -> session.send(RelayFrame.newBuilder()
                .setEvidenceAck(Ack.newBuilder().setBoard(be.getBoard()).setSeq(durable)).build()));
    }

    /** One live session per driver id: a newer one replaces the older, which is told so and closed. */
    public void connected(DriverSession s) {
        DriverSession old = sessions.put(new DriverKey(s.eventId(), s.driverId()), s);
        if (old != null && old != s) {
            old.close(IngestHandler.REPLACED, "replaced by a newer session of driver " + s.driverId());
        }
    }

    /** Core thread, after the tokens were re-read: sessions whose token is gone or revoked are closed. */
    public void closeRevoked(TokenStore tokens) {
        for (DriverSession s : List.copyOf(sessions.values())) {
            if (!tokens.stillValid(TokenStore.Kind.DRIVER, s.identity())) {
                s.close(IngestHandler.UNAUTHENTICATED, "token revoked");
            }
        }
    }

    /** The seq a board in SEQUENCE_GAP was offered beyond the next one it needs, or 0 when it is not in a gap. */
    /** The refused event that blocks the board, while the relay holds it (until the arbiter resolves). */
    public Optional<GameEvent> refusedEvent(Source source) {
        Pending p = refused.get(source);
        return Optional.ofNullable(p).map(q -> q.event().getEvent());
    }

    public long gapAt(Source source) {
        return gaps.getOrDefault(source, 0L);
    }

    public void disconnected(DriverSession s) {
        sessions.remove(new DriverKey(s.eventId(), s.driverId()), s);
    }

    private void sendToDriver(DriverSession fallback, RelayFrame frame) {
        DriverSession s = sessions.getOrDefault(new DriverKey(fallback.eventId(), fallback.driverId()), fallback);
        s.send(frame);
    }

    /** Core thread: tells a driver that a refused seq was released by the arbiter. */
    public void skipped(String eventId, String driverId, String board, long seq) {
        gaps.remove(new Source(eventId, driverId, board));
        DriverSession s = sessions.get(new DriverKey(eventId, driverId));
        if (s != null) s.send(ack(board, seq, true));
    }

    /**
     * A pairing edit or board swap: the driver that reads the board learns its game and the
     * settings its reconstruction plays under. Core thread.
     */
    public void assigned(GameInfo game) {
        if (game.getSourceDriver().isEmpty() || game.getSourceBoard().isEmpty()) return;
        DriverSession s = sessions.get(new DriverKey(game.getEventId(), game.getSourceDriver()));
        if (s != null) s.send(RelayFrame.newBuilder().setAssignment(assignment(game)).build());
    }

    /** The assignment of a board, with where its game stands while it is being restored to the board (GameInfo.sensor_restoring). */
    private Assignment assignment(GameInfo game) {
        Assignment.Builder a = Assignment.newBuilder().setBoard(game.getSourceBoard()).setGame(game);
        GameRecord g = game.getSensorRestoring() ? core.book().game(game.getGameId()) : null;
        if (g != null) a.setResume(RelayAlerts.boardState(game.getSourceBoard(), g.live()));
        return a.build();
    }

    /** The answer to a driver's hello: what is already durable for each of its boards, and which game each board feeds. */
    public Welcome welcome(String eventId, String driverId) {
        Welcome.Builder w = Welcome.newBuilder().setProtocolVersion(PROTOCOL_VERSION).setEventId(eventId);
        for (GameInfo g : core.book().directory().assignments(eventId, driverId)) {
            w.addAssignments(assignment(g));
            GameRecord game = core.book().game(g.getGameId());
            if (game != null) w.addStates(RelayAlerts.boardState(g.getSourceBoard(), game.live()));
        }
        for (Map.Entry<Source, SourceCursor> e : core.book().cursors().entrySet()) {
            Source s = e.getKey();
            if (s.eventId().equals(eventId) && s.driver().equals(driverId) && e.getValue().durable() > 0) {
                w.addBoards(Ack.newBuilder().setBoard(s.board()).setSeq(e.getValue().durable())
                        .setSkipped(e.getValue().durableSkipped()));
            }
        }
        if (evidence != null) {
            evidence.durableOf(eventId, driverId).forEach((board, seq) ->
                    w.addEvidence(Ack.newBuilder().setBoard(board).setSeq(seq)));
        }
        return w.build();
    }

    public void accept(DriverSession session, BoardEvent be, long receivedNanos) {
        String board = be.getBoard();
        if (board.isEmpty() || be.getSeq() <= 0 || !be.hasEvent()) {
            error(session, IngestError.Code.MALFORMED, be, "event needs a board, a seq >= 1 and an event");
            return;
        }
        String unavailable = core.ingestRefusal();
        if (unavailable != null) {
            // nothing is taken that could not be kept: the driver keeps it in its outbox and sends it again
            error(session, IngestError.Code.RELAY_UNAVAILABLE, be, "the relay cannot store events now (" + unavailable + "): not accepted");
            return;
        }
        GameBook book = core.book();
        Source source = new Source(session.eventId(), session.driverId(), board);
        SourceCursor cursor = book.cursor(source);
        if (RelayAlerts.relayOnly(be.getEvent().getType())) {
            error(session, IngestError.Code.MALFORMED, be, be.getEvent().getType() + " is raised by the relay, not sent by drivers");
            return;
        }
        if (be.getSeq() <= cursor.applied()) {
            int stored = cursor.digest(be.getSeq());
            if (stored != 0 && stored != RelayAlerts.digest(be.getEvent())) {
                conflict(session, source, be);
                return;
            }
            // a re-send: ack again if it is durable; otherwise its ack is on its way
            if (be.getSeq() <= cursor.durable()) {
                session.send(ack(board, cursor.durable(), cursor.durableSkipped()));
            }
            return;
        }
        if (cursor.held()) {
            hold(session, source, cursor, be);
            return;
        }
        if (cursor.blocked()) {
            error(session, IngestError.Code.BOARD_BLOCKED, be, "board " + board + " is blocked since seq "
                    + cursor.blockedSeq() + " (" + cursor.blockedReason() + "); the arbiter must resolve it");
            return;
        }
        // a game being restored to its sensor board takes the driver's resumed event, and only that
        GameRecord restoring = restoring(book, source);
        if (restoring != null && !be.getResumed()) {
            error(session, IngestError.Code.UNKNOWN_BOARD, be, "game " + restoring.id() + " is being restored to board " + board
                    + " from the position the phone left: events made before the switch back are not taken");
            return;
        }
        if (restoring != null && be.getSeq() > cursor.applied() + 1) {
            // the driver dropped what it made while the phone notated: those seqs are skipped, as the arbiter's resolve would
            core.commit(JournalRecord.newBuilder().setSkip(SkipRecord.newBuilder().setEventId(source.eventId())
                    .setDriverId(source.driver()).setBoard(board).setSeq(be.getSeq() - 1)).build(), null);
        }
        if (be.getSeq() != cursor.applied() + 1) {
            noteGap(source, cursor, be);
            error(session, IngestError.Code.SEQUENCE_GAP, be, "seq " + be.getSeq() + " after " + cursor.applied()
                    + ": send " + (cursor.applied() + 1) + " first");
            return;
        }
        String gameId = book.directory().gameFor(source).orElse(null);
        GameRecord game = gameId == null ? null : book.game(gameId);
        if (game == null) {
            error(session, IngestError.Code.UNKNOWN_BOARD, be, "no game of event " + session.eventId()
                    + " is fed by driver " + session.driverId() + " board " + board);
            return;
        }
        gaps.remove(source);
        if (be.getRenumberedFrom() != 0 && conflictsReported.add(source + "#renumbered")) {
            RelayAlerts.raise(core, game, EventType.SEQUENCE_CONFLICT, StreamNotice.newBuilder()
                    .setCause(StreamNotice.Cause.SEQUENCE_RENUMBERED).setSeq(be.getSeq()).setHeld(be.getRenumberedFrom())
                    .setDriver(session.driverId()).setBoard(board), "driver " + session.driverId() + " board " + board
                    + ": its outbox had numbered events from seq " + be.getRenumberedFrom() + " on, numbers this relay already"
                    + " held from elsewhere (a replaced outbox?); they arrive again from seq " + be.getSeq() + ": check them");
        }
        GameEvent event = be.getEvent();
        if (event.getType() == EventType.JOINED_MID_GAME) event = joined(gameId, game, event);
        Verdict v = EventCheck.check(game.live(), event);
        if (v instanceof Verdict.Refused r) {
            if (!cursor.blocked()) {
                RelayAlerts.raise(core, game, EventType.BOARD_BLOCKED, StreamNotice.newBuilder()
                        .setCause(StreamNotice.Cause.REFUSED_EVENT).setSeq(be.getSeq()).setDriver(session.driverId()).setBoard(board)
                        .setRefusal(r.code().name()), "board " + board + " (driver " + session.driverId()
                        + ") waits from seq " + be.getSeq() + ": " + r.code() + ": " + r.message()
                        + "; resolve it (with the position, if the board's moves are missing) to let its events through");
            }
            if (!cursor.blocked()) refused.put(source, new Pending(session, be));
            cursor.block(be.getSeq(), r.code() + ": " + r.message());
            error(session, r.code(), be, "game " + gameId + ": " + r.message());
            return;
        }
        GameEvent accepted = ((Verdict.Accepted) v).event();
        if (restoring != null) {
            // the board took over: spectators no longer see it being restored
            GameUpdate u = book.next(gameId, GameUpdate.newBuilder().setInfo(game.info().toBuilder().setSensorRestoring(false)), System.currentTimeMillis());
            core.commit(JournalRecord.newBuilder().setArbiterUpdate(u).build(), null);
        }
        if (accepted.getType() == EventType.GAME_STARTED) {
            accepted = accepted.toBuilder().setText("a new game was set up on board " + board + " (driver " + session.driverId()
                    + "); " + gameId + " stays as it is and the board's next events wait until you assign the board to a game"
                    + (accepted.getText().isBlank() ? "" : " [driver: " + accepted.getText() + "]")).build();
        }
        GameUpdate update = book.next(gameId, GameUpdate.newBuilder().setEvent(accepted), System.currentTimeMillis());
        JournalRecord record = JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder()
                .setDriverId(session.driverId()).setBoard(board).setSeq(be.getSeq()).setUpdate(update)
                .setEventDigest(RelayAlerts.digest(be.getEvent()))).build();
        long seq = be.getSeq();
        core.commit(record, () -> core.metrics().ingestWrittenNanos(System.nanoTime() - receivedNanos), () -> {
            core.metrics().ingestLag(session.driverId() + "/" + board, System.nanoTime() - receivedNanos);
            sendToDriver(session, ack(board, seq, false));
        });
    }

    /** The game the board feeds, while it is being restored to the board after a phone notated it; else null. */
    private static GameRecord restoring(GameBook book, Source source) {
        String gameId = book.directory().gameFor(source).orElse(null);
        GameRecord g = gameId == null ? null : book.game(gameId);
        return g != null && g.info().getSensorRestoring() ? g : null;
    }

    /**
     * A driver's join: the moves one path explains are recorded first (the relay's own records, in
     * order), and the JOINED_MID_GAME that follows says what the relay made of the position.
     */
    private GameEvent joined(String gameId, GameRecord game, GameEvent e) {
        if (game.live().finished()) return e.toBuilder().clearFen().build(); // the result stands; the arbiter looks
        Joins.Plan plan = Joins.plan(game.live(), e);
        if (plan == null) return e;
        for (GameEvent move : plan.moves()) {
            GameUpdate u = core.book().next(gameId, GameUpdate.newBuilder().setEvent(move), System.currentTimeMillis());
            core.commit(JournalRecord.newBuilder().setArbiterUpdate(u).build(), null);
        }
        return plan.joined();
    }

    /**
     * Core thread, the arbiter resolving a blocked board: its refused event is checked again
     * against the game as it now stands (reopened, corrected); one that now fits is applied and
     * acked, never thrown away. False when it still does not fit (or is not known): then the
     * arbiter's resolve skips it.
     */
    public boolean retryRefused(Source source, SourceCursor cursor) {
        Pending p = refused.remove(source);
        if (p == null || p.event().getSeq() != cursor.blockedSeq()) return false;
        String gameId = core.book().directory().gameFor(source).orElse(null);
        GameRecord game = gameId == null ? null : core.book().game(gameId);
        if (game == null || !(EventCheck.check(game.live(), p.event().getEvent()) instanceof Verdict.Accepted)) return false;
        cursor.unblock();
        accept(p.session(), p.event(), System.nanoTime());
        return true;
    }

    /** A seq re-sent with other content than stored: refused, never acked, and the arbiter told once. */
    private void conflict(DriverSession session, Source source, BoardEvent be) {
        String what = "board " + be.getBoard() + " seq " + be.getSeq() + " is stored with other content; this event is not"
                + " taken (a second machine or a replaced outbox using driver id " + session.driverId() + "?)";
        error(session, IngestError.Code.SEQUENCE_CONFLICT, be, what);
        String gameId = core.book().directory().gameFor(source).orElse(null);
        GameRecord game = gameId == null ? null : core.book().game(gameId);
        if (game != null && conflictsReported.add(source + "#" + be.getSeq())) {
            RelayAlerts.raise(core, game, EventType.SEQUENCE_CONFLICT, StreamNotice.newBuilder().setCause(StreamNotice.Cause.SEQUENCE_REUSED)
                    .setSeq(be.getSeq()).setDriver(session.driverId()).setBoard(be.getBoard()), "driver " + session.driverId() + ": " + what);
        }
    }

    /** A board offered a seq past the next one: the first time, the arbiter is told how to let it go on. */
    private void noteGap(Source source, SourceCursor cursor, BoardEvent be) {
        Long before = gaps.put(source, Math.min(be.getSeq(), gaps.getOrDefault(source, Long.MAX_VALUE)));
        String gameId = core.book().directory().gameFor(source).orElse(null);
        GameRecord game = gameId == null ? null : core.book().game(gameId);
        if (before == null && game != null) {
            RelayAlerts.raise(core, game, EventType.BOARD_BLOCKED, StreamNotice.newBuilder().setCause(StreamNotice.Cause.SEQUENCE_GAP)
                    .setSeq(be.getSeq()).setHeld(cursor.applied()).setDriver(source.driver()).setBoard(be.getBoard()),
                    "board " + be.getBoard() + " (driver " + source.driver() + ") sends seq " + be.getSeq() + " but the relay holds it only up to " + cursor.applied()
                    + " (records lost, e.g. a repaired journal): resolve it to continue from seq " + be.getSeq());
        }
    }

    /** Keeps an event of a held board in order (a re-send of a kept one is dropped) and says why it is not acked. */
    private void hold(DriverSession session, Source source, SourceCursor cursor, BoardEvent be) {
        List<Pending> kept = held.computeIfAbsent(source, k -> new ArrayList<>());
        long next = cursor.applied() + kept.size() + 1;
        boolean full = kept.size() >= MAX_KEPT;
        if (be.getSeq() > next && !full) {
            error(session, IngestError.Code.SEQUENCE_GAP, be, "seq " + be.getSeq() + " after " + (next - 1) + ": send " + next + " first");
            return;
        }
        if (be.getSeq() == next && !full) kept.add(new Pending(session, be));
        error(session, IngestError.Code.BOARD_HELD, be, "board " + be.getBoard() + " is held since seq " + cursor.heldSince()
                + " (a new game was set up on it); seq " + be.getSeq() + " is kept and applied once the arbiter assigns the board to a game");
    }

    /**
     * Core thread, once the arbiter assigned a held board to a game (its cursor no longer held):
     * the kept events go through the ordinary path in their order, so they are checked, journaled
     * and acked as if they had just arrived.
     */
    public void releaseHeld(Source source) {
        List<Pending> kept = held.remove(source);
        if (kept == null) return;
        // the ingest lag counts from the release: the wait for the arbiter is not the relay's latency
        for (Pending p : kept) accept(p.session(), p.event(), System.nanoTime());
    }

    static RelayFrame ack(String board, long seq, boolean skipped) {
        return RelayFrame.newBuilder().setAck(Ack.newBuilder().setBoard(board).setSeq(seq).setSkipped(skipped)).build();
    }

    private static void error(DriverSession s, IngestError.Code code, BoardEvent be, String message) {
        s.send(RelayFrame.newBuilder().setError(IngestError.newBuilder().setCode(code).setBoard(be.getBoard())
                .setSeq(be.getSeq()).setMessage(message)).build());
    }
}
