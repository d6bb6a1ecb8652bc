package org.damrelay.relay.arbiter;

import java.io.IOException;
import org.damrelay.draughts.game.AgreedDrawLimit;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Map;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertAck;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.EvidenceRequest;
import org.damrelay.relay.evidence.EvidenceQuery;
import org.damrelay.relay.evidence.EvidenceStore;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.CandidatePath;
import org.damrelay.proto.Correction;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameSnapshot;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.HoldRelease;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelayAlert;
import org.damrelay.proto.RelayAlertType;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.SkipRecord;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;

import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.ingest.IngestService;

/**
 * The arbiter's requests: acknowledge alerts, enter results (raising EARLY_DRAW_AGREED for a draw
 * before move 40, SWR 13.4), correct games (as explicit corrections with an audit entry, never a
 * silent rewrite), edit pairings and swap boards, release blocked boards, and the match report.
 * Arbiters see every durable change of their event live. Core thread only.
 */
public final class ArbiterService implements RelayCore.LiveListener {

    private final RelayCore core;
    private final IngestService ingest;
    private final BlockedBoards blocked;
    private final List<ArbiterSession> sessions = new ArrayList<>();
    /** The relay's own problems while they last, one per type (a rejected config, a failing engine). */
    private final Map<RelayAlertType, RelayAlert> standing = new EnumMap<>(RelayAlertType.class);
    private NotationRequests notation = (s, id, r) -> error(s, id, "BAD_REQUEST", "digital notation is not served by this relay");

    public ArbiterService(RelayCore core, IngestService ingest) {
        this.core = core;
        this.ingest = ingest;
        this.blocked = new BlockedBoards(core, ingest);
        core.addLiveListener(this);
    }

    private GameBook book() { return core.book(); }

    /** Who answers the arbiter's notation credential requests (relay.notation). */
    public void notationRequests(NotationRequests handler) {
        this.notation = handler;
    }

    /** A new arbiter connection: the event's games as they stand live, every alert so far, then everything live. */
    public void connected(ArbiterSession s) {
        sessions.add(s);
        // first: the token was accepted (a console shows itself only then)
        s.send(ArbiterMessage.newBuilder().setOk("signed in as " + s.arbiter() + " for event " + s.eventId()).build());
        for (GameInfo info : book().directory().games(s.eventId(), 0)) {
            GameRecord g = book().game(info.getGameId());
            if (g != null) s.send(ArbiterMessage.newBuilder().setSnapshot(g.live().snapshot()).build());
        }
        for (Alert a : book().alerts()) {
            GameRecord g = book().game(a.getGameId());
            if (g != null && g.info().getEventId().equals(s.eventId())) s.send(alertMessage(a));
        }
        for (RelayAlert a : standing.values()) s.send(ArbiterMessage.newBuilder().setRelayAlert(a).build());
        // the boards blocked now, so a reloaded console lists them whatever became of their alerts
        for (GameInfo info : book().directory().games(s.eventId(), 0)) {
            GameRecord g = book().game(info.getGameId());
            if (g != null) blocked.of(g).ifPresent(b -> s.send(ArbiterMessage.newBuilder().setBlocked(b).build()));
        }
    }

    /**
     * A problem of the relay itself (a config save it refused): every arbiter screen hears it now,
     * a screen opened later while it lasts; a cleared one ends it. Not journaled: it is about this
     * process, not the games.
     */
    public void relayAlert(RelayAlert a) {
        if (a.getCleared() && standing.remove(a.getType()) == null) return;
        if (!a.getCleared()) standing.put(a.getType(), a);
        ArbiterMessage m = ArbiterMessage.newBuilder().setRelayAlert(a).build();
        for (ArbiterSession s : sessions) s.send(m);
    }

    /** Every arbiter screen of the game's event hears once that its board was blocked or released. */
    private void tellBlocked(GameRecord g) {
        if (g == null) return;
        blocked.changed(g).ifPresent(b -> {
            ArbiterMessage m = ArbiterMessage.newBuilder().setBlocked(b).build();
            for (ArbiterSession s : sessions) if (s.eventId().equals(g.info().getEventId())) s.send(m);
        });
    }

    public void disconnected(ArbiterSession s) {
        sessions.remove(s);
    }

    /** Core thread, after the tokens were re-read: arbiter screens whose token is gone or revoked are closed. */
    public void closeRevoked(TokenStore tokens) {
        for (ArbiterSession s : List.copyOf(sessions)) {
            if (!tokens.stillValid(TokenStore.Kind.ARBITER, s.identity())) s.close(4401, "token revoked");
        }
    }

    @Override
    public void written(GameBook.Applied applied) {
        GameRecord g = book().game(applied.update().getGameId());
        // a join or a picked path rewrites plies in ways only the fold knows: the consoles get the game anew
        GameSnapshot anew = GameRecord.rewritesPlies(applied.update()) ? g.live().snapshot() : null;
        for (ArbiterSession s : sessions) {
            if (!g.info().getEventId().equals(s.eventId())) continue;
            s.send(ArbiterMessage.newBuilder().setUpdate(applied.update()).build());
            if (anew != null) s.send(ArbiterMessage.newBuilder().setSnapshot(anew).build());
            if (applied.alert() != null) s.send(alertMessage(applied.alert()));
        }
        tellBlocked(g);
    }

    @Override
    public void audit(AuditEntry entry) {
        GameRecord g = book().game(entry.getGameId());
        for (ArbiterSession s : sessions) {
            if (g != null && g.info().getEventId().equals(s.eventId())) s.send(ArbiterMessage.newBuilder().setAudit(entry).build());
        }
        tellBlocked(g);
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
            acknowledged(book().alert(alertId));
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
                acknowledged(book().alert(alertId));
                if (last) ok(s, id, open.size() + " alerts of " + board + " acknowledged");
            });
        }
    }

    /** Every arbiter screen of the event, not only the one that acknowledged, sees the alert as handled. */
    private void acknowledged(Alert a) {
        String eventId = book().game(a.getGameId()).info().getEventId();
        ArbiterMessage m = alertMessage(a);
        for (ArbiterSession other : sessions) if (other.eventId().equals(eventId)) other.send(m);
    }

    private void result(ArbiterSession s, String id, String gameId, GameResult result) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        if (result == GameResult.UNRECOGNIZED) throw new IllegalArgumentException("unknown result");
        long now = System.currentTimeMillis();
        commitUpdate(g.id(), GameUpdate.newBuilder().setResult(result), now);
        String text = result == GameResult.RESULT_UNSPECIFIED ? "game reopened" : "result " + Pdn.result(result);
        Game played = g.live().game();
        if (result == GameResult.DRAW && played.isAgreedDrawEarly()) {
            // the game's own threshold: 40 moves by both (SWR 13.4) or more than 10 pieces each (13.5)
            String why = played.settings().agreedDrawLimit() == AgreedDrawLimit.TEN_PIECES
                    ? "with more than 10 pieces each: too early, both players lose (SWR 13.5)"
                    : "after " + played.movesBothMade() + " moves: too early, both players lose (SWR 13.4)";
            GameEvent early = GameEvent.newBuilder().setType(EventType.EARLY_DRAW_AGREED).setPly(last(g.live()))
                    .setCaptureTimeMs(now).setText("draw agreed " + why).build();
            commitUpdate(g.id(), GameUpdate.newBuilder().setEvent(early), now);
        }
        audit(s, id, g, text.toUpperCase(), "", text, result == GameResult.RESULT_UNSPECIFIED ? what(AuditEntry.Kind.GAME_REOPENED)
                : what(AuditEntry.Kind.RESULT_ENTERED).setValue(Pdn.result(result)));
    }

    private void correct(ArbiterSession s, String id, String gameId, Correction c) {
        GameRecord g = game(s, id, gameId);
        if (g == null) return;
        GameFold live = g.live();
        Correction.Builder b = c.toBuilder().setArbiter(s.arbiter());
        String action;
        AuditEntry.Builder what;
        switch (c.getKind()) {
            // ply numbers as in arbiter-events.md (1 = white's first move); the fold counts plies played
            case TAKE_BACK -> {
                if (live.countAt(c.getPly()) > live.plyCount()) {
                    throw new IllegalArgumentException("cannot take back to after " + moveName(c.getPly()) + ": " + lastMove(live));
                }
                b.setFen(Fen.write(live.positionAfter(live.countAt(c.getPly()))));
                action = "TAKE_BACK to ply " + c.getPly();
                what = what(AuditEntry.Kind.TAKE_BACK).setPly(c.getPly());
            }
            case REPLACE_MOVE -> {
                int count = live.countAt(c.getPly());
                // the ply after the last one appends: the arbiter enters moves from a paper scoresheet
                if (count < 1 || count > live.plyCount() + 1) {
                    throw new IllegalArgumentException("no " + moveName(c.getPly()) + " to replace: " + (live.plyCount() == 0
                            ? "the game has no move yet (the first one appends)"
                            : "the game has " + moveName(live.plyNumber(1)) + " to " + moveName(last(live)) + " (the move after it appends)"));
                }
                Game base = live.game().truncate(count - 1);
                Position before = base.position();
                Move m = GameWire.move(c.getMove());
                if (!base.isLegal(m)) {
                    throw new IllegalArgumentException(m + " is not a legal move as " + moveName(c.getPly())
                            + " (" + Fen.write(before) + "); set the position for an irregular one");
                }
                Move played = c.getMove().getPathCount() > 2 ? m : base.play(m).plies().get(count - 1).move();
                b.setMove(GameWire.move(played)).setNotation(Notation.of(before, played, base.variant()))
                        .setFen(Fen.write(before.apply(played)));
                action = "REPLACE_MOVE ply " + c.getPly() + " by " + b.getNotation();
                what = what(AuditEntry.Kind.REPLACE_MOVE).setPly(c.getPly()).setValue(b.getNotation());
            }
            case SET_POSITION -> {
                Position p = Fen.parse(c.getFen());
                int ply = c.getPly() == 0 ? live.plyNumber(live.plyCount()) : c.getPly();
                if (live.countAt(ply) > live.plyCount()) throw new IllegalArgumentException("no " + moveName(ply) + ": " + lastMove(live));
                if (p.equals(live.positionAfter(live.countAt(ply)))) {
                    throw new IllegalArgumentException("the position after " + moveName(ply) + " is already " + Fen.write(p) + ": nothing to set");
                }
                b.setPly(ply).setFen(Fen.write(p));
                action = "SET_POSITION after ply " + ply + ": " + b.getFen();
                what = what(AuditEntry.Kind.SET_POSITION).setPly(ply).setValue(b.getFen());
            }
            case CHOOSE_PATH -> {
                List<CandidatePath> paths = live.pendingPaths();
                if (paths.isEmpty()) throw new IllegalArgumentException("no join of game " + gameId + " waits for a path to be picked");
                if (c.getPath() < 1 || c.getPath() > paths.size()) {
                    throw new IllegalArgumentException("path " + c.getPath() + ": the join named paths 1.." + paths.size());
                }
                CandidatePath chosen = paths.get(c.getPath() - 1);
                int at = live.joinedAtCount();
                Game g2 = live.game().truncate(at - 1);
                for (MoveData md : chosen.getMovesList()) g2 = g2.play(GameWire.move(md));
                if (!g2.position().equals(live.positionAfter(at))) {
                    throw new IllegalArgumentException("path " + c.getPath() + " (" + chosen.getNotation() + ") leaves "
                            + Fen.write(g2.position()) + ", but the game went on from " + Fen.write(live.positionAfter(at)));
                }
                b.setPly(live.plyNumber(at)).clearPathMoves().addAllPathMoves(chosen.getMovesList());
                action = "CHOOSE_PATH " + chosen.getNotation() + " for the moves made while no driver read the board";
                what = what(AuditEntry.Kind.PATH_CHOSEN).setPly(live.plyNumber(at)).setValue(chosen.getNotation());
            }
            default -> throw new IllegalArgumentException("correction needs a kind: TAKE_BACK, REPLACE_MOVE, SET_POSITION or CHOOSE_PATH");
        }
        commitUpdate(g.id(), GameUpdate.newBuilder().setCorrection(b), System.currentTimeMillis());
        if (c.getKind() == Correction.Kind.CHOOSE_PATH) pathChosen(s, gameId);
        audit(s, id, g, action, c.getReason(), action, what);
    }

    /** The join that asked for the pick is handled once the path is chosen: every screen sees it acknowledged. */
    private void pathChosen(ArbiterSession s, String gameId) {
        for (Alert a : book().alerts()) {
            if (!a.getGameId().equals(gameId) || a.getAcknowledged() || a.getEvent().getType() != EventType.JOINED_MID_GAME
                    || a.getEvent().getPathsCount() < 2) continue;
            long alertId = a.getAlertId();
            core.commit(JournalRecord.newBuilder().setAlertAck(AlertAck.newBuilder().setAlertId(alertId).setArbiter(s.arbiter())).build(),
                    () -> acknowledged(book().alert(alertId)));
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
        commitUpdate(gameId, GameUpdate.newBuilder().setInfo(full), System.currentTimeMillis());
        GameRecord g = book().game(gameId);
        ingest.assigned(full);
        if (wasHeld) {
            ingest.releaseHeld(src);
            action += " (board held since a new game was set up on it: its events now go to " + gameId + ")";
        }
        audit(s, id, g, action, "", action, what(AuditEntry.Kind.PAIRING)
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
            audit(s, id, g, action, "", action, what(AuditEntry.Kind.RESOLVE_APPLIED).setSeq(blockedSeq));
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
        audit(s, id, g, action, reason, action, refused ? what(AuditEntry.Kind.RESOLVE_SKIPPED).setSeq(seq)
                : what(AuditEntry.Kind.RESOLVE_GAP_SKIPPED).setSeq(seq));
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
        audit(s, id, g, action, "", action, what(AuditEntry.Kind.RESOLVE_HELD).setSeq(since));
    }

    /**
     * A ply as the scoresheet and the arbiter name it: "move 18 (black)" (ply 1 = white's first move, so
     * the parity is the colour whatever the start), "the start position" for 0. For the messages a person reads.
     */
    static String moveName(int ply) {
        return ply <= 0 ? "the start position" : "move " + (ply + 1) / 2 + " (" + (ply % 2 == 1 ? "white" : "black") + ")";
    }

    private static String lastMove(GameFold live) {
        return live.plyCount() == 0 ? "the game has no move yet" : "the last move is " + moveName(last(live));
    }

    private static int last(GameFold live) {
        return live.plyCount() == 0 ? 0 : live.plyNumber(live.plyCount());
    }

    private void commitUpdate(String gameId, GameUpdate.Builder u, long now) {
        GameUpdate update = book().next(gameId, u, now);
        JournalRecord rec = JournalRecord.newBuilder().setArbiterUpdate(update).build();
        core.commit(rec, null);
    }

    /** What an audit entry says, as the parameters the pages word (kind, ply, value, seq). */
    public static AuditEntry.Builder what(AuditEntry.Kind kind) {
        return AuditEntry.newBuilder().setKind(kind);
    }

    private void audit(ArbiterSession s, String id, GameRecord g, String action, String reason, String okText, AuditEntry.Builder what) {
        AuditEntry e = what.setTimeMs(System.currentTimeMillis()).setArbiter(s.arbiter())
                .setGameId(g.id()).setAction(action).setReason(reason).build();
        JournalRecord rec = JournalRecord.newBuilder().setAudit(e).build();
        // journal order = apply order, so the ok comes after everything the request changed is durable
        core.commit(rec, () -> { if (!id.isEmpty()) ok(s, id, okText); });
    }

    private static ArbiterMessage alertMessage(Alert a) {
        return ArbiterMessage.newBuilder().setAlert(AlertSeverities.stamped(a)).build();
    }

    private static void ok(ArbiterSession s, String id, String text) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setOk(text).build());
    }

    private static void error(ArbiterSession s, String id, String code, String message) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }
}
