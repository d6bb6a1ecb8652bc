package org.damrelay.relay.arbiter;

import java.io.IOException;
import java.util.List;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertAck;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.EvidenceRequest;
import org.damrelay.relay.evidence.EvidenceQuery;
import org.damrelay.relay.evidence.EvidenceStore;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.Correction;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.HoldRelease;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.SkipRecord;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;

import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.ingest.IngestService;

/**
 * The arbiter's requests, each answered on the session that asked: acknowledge alerts, enter
 * results, correct games (as explicit corrections with an audit entry, never a silent rewrite),
 * edit pairings and swap boards, release blocked boards, the match report and the evidence.
 * What it changes reaches the screens through the journal ({@link ArbiterScreens}). Core thread only.
 */
public final class ArbiterService {

    private final RelayCore core;
    private final IngestService ingest;
    private final ArbiterScreens screens;
    private final BookEntries entries;
    private NotationRequests notation = (s, id, r) -> error(s, id, "BAD_REQUEST", "digital notation is not served by this relay");

    public ArbiterService(RelayCore core, IngestService ingest, ArbiterScreens screens, BookEntries entries) {
        this.core = core;
        this.ingest = ingest;
        this.screens = screens;
        this.entries = entries;
    }

    private GameBook book() { return core.book(); }

    /** Who answers the arbiter's notation credential requests (relay.notation). */
    public void notationRequests(NotationRequests handler) {
        this.notation = handler;
    }

    public void handle(ArbiterSession s, ArbiterRequest r) {
        String id = r.getRequestId();
        try {
            switch (r.getBodyCase()) {
                case ACK_ALERT -> ackAlert(s, id, r.getAckAlert().getAlertId());
                case ACK_BOARD -> ackBoard(s, id, r.getAckBoard().getGameId(), r.getAckBoard().getUpToAlertId());
                case RESULT -> result(s, id, r.getResult().getGameId(), r.getResult().getResult());
                case CORRECT -> correct(s, id, r.getCorrect().getGameId(), r.getCorrect().getCorrection());
                case PAIRING -> pairing(s, id, r.getPairing().getInfo());
                case RESOLVE -> resolve(s, id, r.getResolve().getGameId(), r.getResolve().getFen());
                case REPORT -> s.send(ArbiterMessage.newBuilder().setRequestId(id)
                        .setReport(MatchReports.build(book(), s.eventId())).build());
                case NOTATION -> notation.handle(s, id, r.getNotation());
                case EVIDENCE -> evidence(s, id, r.getEvidence());
                default -> error(s, id, "BAD_REQUEST", "empty request");
            }
        } catch (IllegalArgumentException e) {
            error(s, id, "BAD_REQUEST", e.getMessage());
        }
    }

    /** What the game's board reported in a window (docs/evidence.md): arbiters only, this stream being theirs. */
    private void evidence(ArbiterSession s, String id, EvidenceRequest r) {
        GameRecord g = game(s, id, r.getGameId());
        if (g == null) return;
        EvidenceStore store = ingest.evidence();
        if (store == null) {
            error(s, id, "BAD_REQUEST", "this relay keeps no evidence of the boards");
            return;
        }
        try {
            s.send(ArbiterMessage.newBuilder().setRequestId(id)
                    .setEvidence(EvidenceQuery.answer(store, g, r.getFromMs(), r.getToMs(), System.currentTimeMillis())).build());
        } catch (IOException e) {
            error(s, id, "UNAVAILABLE", "the evidence of " + r.getGameId() + " cannot be read: " + e.getMessage());
        }
    }

    private GameRecord game(ArbiterSession s, String id, String gameId) {
        GameRecord g = book().game(gameId);
        if (g == null || !g.info().getEventId().equals(s.eventId())) {
            error(s, id, "UNKNOWN_GAME", "no game " + gameId + " in event " + s.eventId());
            return null;
        }
        return g;
    }

    private void ackAlert(ArbiterSession s, String id, long alertId) {
        Alert a = book().alert(alertId);
        if (a == null || book().game(a.getGameId()) == null
                || !book().game(a.getGameId()).info().getEventId().equals(s.eventId())) {
            error(s, id, "UNKNOWN_ALERT", "no alert " + alertId + " in event " + s.eventId());
            return;
        }
        JournalRecord rec = JournalRecord.newBuilder().setAlertAck(AlertAck.newBuilder().setAlertId(alertId).setArbiter(s.arbiter())).build();
        core.commit(rec, () -> {
            ok(s, id, "alert " + alertId + " acknowledged");
            screens.acknowledged(book().alert(alertId));
        });
    }

    /**
     * "Acknowledge all of this board": every open alert of the game up to the last one the arbiter's
     * screen showed, each journaled as a single acknowledgement is; one answer once all are durable.
     */
    private void ackBoard(ArbiterSession s, String id, String gameId, long upTo) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        List<Long> open = book().alerts().stream()
                .filter(a -> a.getGameId().equals(gameId) && !a.getAcknowledged() && (upTo == 0 || a.getAlertId() <= upTo))
                .map(Alert::getAlertId).toList();
        String board = "board " + g.info().getBoard();
        if (open.isEmpty()) {
            ok(s, id, "no open alerts on " + board);
            return;
        }
        for (int i = 0; i < open.size(); i++) {
            long alertId = open.get(i);
            boolean last = i == open.size() - 1;
            JournalRecord rec = JournalRecord.newBuilder().setAlertAck(AlertAck.newBuilder().setAlertId(alertId).setArbiter(s.arbiter())).build();
            // journal order = apply order: the answer follows the last acknowledgement's fsync
            core.commit(rec, () -> {
                screens.acknowledged(book().alert(alertId));
                if (last) ok(s, id, open.size() + " alerts of " + board + " acknowledged");
            });
        }
    }

    private void result(ArbiterSession s, String id, String gameId, GameResult result) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        if (result == GameResult.UNRECOGNIZED) throw new IllegalArgumentException("unknown result");
        entries.result(g, result, s.arbiter(), text -> answer(s, id, text));
    }

    private void correct(ArbiterSession s, String id, String gameId, Correction c) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        Corrections.Checked checked = Corrections.check(g.live(), gameId, c, s.arbiter());
        entries.update(g.id(), GameUpdate.newBuilder().setCorrection(checked.correction()), System.currentTimeMillis());
        if (c.getKind() == Correction.Kind.CHOOSE_PATH) pathChosen(s, gameId);
        audit(s, id, g, checked.action(), c.getReason(), checked.action(), checked.what());
    }

    /** The join that asked for the pick is handled once the path is chosen: every screen sees it acknowledged. */
    private void pathChosen(ArbiterSession s, String gameId) {
        for (Alert a : book().alerts()) {
            if (!a.getGameId().equals(gameId) || a.getAcknowledged() || a.getEvent().getType() != EventType.JOINED_MID_GAME
                    || a.getEvent().getPathsCount() < 2) continue;
            long alertId = a.getAlertId();
            core.commit(JournalRecord.newBuilder().setAlertAck(AlertAck.newBuilder().setAlertId(alertId).setArbiter(s.arbiter())).build(),
                    () -> screens.acknowledged(book().alert(alertId)));
        }
    }

    private void pairing(ArbiterSession s, String id, GameInfo info) {
        if (info.getRound() < 1 || info.getBoard() < 1) throw new IllegalArgumentException("pairing needs round and board >= 1");
        String gameId = EventDirectory.gameId(s.eventId(), info.getRound(), info.getBoard());
        GameInfo.Builder b = info.toBuilder().setEventId(s.eventId()).setGameId(gameId)
                .setSensorBoard(EventDirectory.sensorSource(info.getSourceDriver()));
        if (b.getVariant().isEmpty()) b.setVariant("INTERNATIONAL");
        GameWire.startGame(b.build()); // the settings, start position and counts must read: one clear line if not
        GameInfo full = b.build();
        String action = "PAIRING " + gameId + ": " + full.getWhite().getName() + " - " + full.getBlack().getName()
                + " on " + full.getSourceDriver() + "/" + full.getSourceBoard();
        Source src = new Source(full.getEventId(), full.getSourceDriver(), full.getSourceBoard());
        boolean wasHeld = book().cursors().containsKey(src) && book().cursor(src).held();
        // applying the pairing releases a held board it names; its kept events then follow in order
        entries.update(gameId, GameUpdate.newBuilder().setInfo(full), System.currentTimeMillis());
        GameRecord g = book().game(gameId);
        ingest.assigned(full);
        if (wasHeld) {
            ingest.releaseHeld(src);
            action += " (board held since a new game was set up on it: its events now go to " + gameId + ")";
        }
        audit(s, id, g, action, "", action, BookEntries.what(AuditEntry.Kind.PAIRING)
                .setValue(full.getWhite().getName() + " - " + full.getBlack().getName()));
    }

    private void resolve(ArbiterSession s, String id, String gameId, String fen) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        GameInfo info = g.info();
        Source src = new Source(info.getEventId(), info.getSourceDriver(), info.getSourceBoard());
        SourceCursor cursor = book().cursor(src);
        if (cursor.held()) {
            releaseHold(s, id, g, src, cursor);
            return;
        }
        long gap = ingest.gapAt(src);
        if (!cursor.blocked() && gap == 0) {
            error(s, id, "NOT_BLOCKED", "board " + info.getSourceBoard() + " of game " + gameId + " is not blocked");
            return;
        }
        if (fen != null && !fen.isBlank()) {
            correct(s, "", gameId, Correction.newBuilder().setKind(Correction.Kind.SET_POSITION).setFen(fen)
                    .setReason("position given when releasing the blocked board").build());
        }
        boolean refused = cursor.blocked();
        long blockedSeq = cursor.blockedSeq();
        if (refused && ingest.retryRefused(src, cursor)) {
            // the arbiter changed the game (reopened it, set the position) so that the refused event fits: it stands
            String action = "RESOLVE board " + info.getSourceBoard() + ": refused seq " + blockedSeq + " applied, it fits the game now";
            audit(s, id, g, action, "", action, BookEntries.what(AuditEntry.Kind.RESOLVE_APPLIED).setSeq(blockedSeq));
            return;
        }
        // a refused seq is consumed; a gap (records the relay lost) is skipped up to the seq the driver offers
        long seq = refused ? cursor.blockedSeq() : gap - 1;
        String action = refused ? "RESOLVE board " + info.getSourceBoard() + ": refused seq " + seq + " skipped"
                : "RESOLVE board " + info.getSourceBoard() + ": seq " + (cursor.applied() + 1) + ".." + seq + " lost by the relay, skipped";
        String reason = refused ? cursor.blockedReason() : "SEQUENCE_GAP: the relay holds seq up to " + cursor.applied()
                + ", the driver sends " + gap;
        JournalRecord rec = JournalRecord.newBuilder().setSkip(SkipRecord.newBuilder().setEventId(info.getEventId())
                .setDriverId(info.getSourceDriver()).setBoard(info.getSourceBoard()).setSeq(seq)).build();
        core.commit(rec, () -> {
            ingest.skipped(info.getEventId(), info.getSourceDriver(), info.getSourceBoard(), seq);
        });
        audit(s, id, g, action, reason, action, refused ? BookEntries.what(AuditEntry.Kind.RESOLVE_SKIPPED).setSeq(seq)
                : BookEntries.what(AuditEntry.Kind.RESOLVE_GAP_SKIPPED).setSeq(seq));
    }

    /** The new game set up on a held board is this game: its kept events apply to it, in order. */
    private void releaseHold(ArbiterSession s, String id, GameRecord g, Source src, SourceCursor cursor) {
        String feeds = book().directory().gameFor(src).orElse("");
        if (!feeds.equals(g.id())) {
            // the kept events would go to the game the board feeds, not to this one
            error(s, id, "BAD_REQUEST", "board " + src.board() + " feeds " + (feeds.isEmpty() ? "no game" : feeds)
                    + ", not " + g.id() + ": assign it with a pairing instead");
            return;
        }
        long since = cursor.heldSince();
        JournalRecord rec = JournalRecord.newBuilder().setHoldRelease(HoldRelease.newBuilder().setEventId(src.eventId())
                .setDriverId(src.driver()).setBoard(src.board())).build();
        core.commit(rec, null);
        ingest.releaseHeld(src);
        String action = "RESOLVE board " + src.board() + ": held since seq " + since + " (new game set up), its events go to " + g.id();
        audit(s, id, g, action, "", action, BookEntries.what(AuditEntry.Kind.RESOLVE_HELD).setSeq(since));
    }

    /** Journals the request's audit entry; the answer comes once it, and so all the request changed, is durable. */
    private void audit(ArbiterSession s, String id, GameRecord g, String action, String reason, String okText, AuditEntry.Builder what) {
        entries.audit(s.arbiter(), g.id(), action, reason, what, () -> answer(s, id, okText));
    }

    /** A request made as part of another (a position given with a release) has no id and gets no answer of its own. */
    private static void answer(ArbiterSession s, String id, String text) {
        if (!id.isEmpty()) ok(s, id, text);
    }

    private static void ok(ArbiterSession s, String id, String text) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setOk(text).build());
    }

    private static void error(ArbiterSession s, String id, String code, String message) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }
}
