package org.damrelay.relay.notation;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Color;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.ArbiterRequest;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.Clock;
import org.damrelay.proto.DeviceEntry;
import org.damrelay.proto.DeviceMessage;
import org.damrelay.proto.DeviceState;
import org.damrelay.proto.EnterResult;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameResult;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.NotationState;
import org.damrelay.proto.RelayError;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.ResultConfirmed;
import org.damrelay.proto.Side;
import org.damrelay.proto.StopNotation;
import org.damrelay.proto.StreamNotice;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.arbiter.ArbiterService;
import org.damrelay.relay.arbiter.ArbiterSession;
import org.damrelay.relay.arbiter.NotationRequests;
import org.damrelay.relay.config.EventConfig.TokenConfig;
import org.damrelay.relay.config.TokenStore;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.config.BoardPairing;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.ingest.DriverSession;
import org.damrelay.relay.ingest.IngestService;
import org.damrelay.relay.ingest.RelayAlerts;

/**
 * Digital notation (arbiter manual 2.5): the arbiter issues and revokes one credential per game;
 * a device admitted with it notates that game only. Its moves and undos are board events of the
 * game's own source ({@code notation:<game>}, board {@code phone}) and go through the same ingest
 * path as a sensor board's (sequence, rules check, journal, ack once durable). The notator's name,
 * the result both players confirmed and the stop are journaled like the arbiter's own updates, each
 * with an audit entry. Core thread only.
 */
public final class NotationService implements RelayCore.LiveListener, NotationRequests {

    /** A notated game's source driver is this plus the game id; /ingest refuses such driver ids. */
    public static final String DRIVER_PREFIX = EventDirectory.NOTATION_DRIVER_PREFIX;
    public static final String DEVICE_BOARD = "phone";
    public static final int UNAUTHENTICATED = 4401, FORBIDDEN = 4403, STOPPED = 4410;
    /** The arbiter switched the game back to its sensor board: the phone's part is over (the page says so in its language). */
    public static final int SWITCHED_TO_SENSOR = 4411;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final RelayCore core;
    private final IngestService ingest;
    private final ArbiterService arbiter;
    /** Admitted devices per game: normally one; a reload briefly makes two. */
    private final Map<String, List<Device>> devices = new HashMap<>();

    /** An admitted device, and the same connection as the ingest path sees a driver. */
    private final class Device implements DriverSession {
        final DeviceSession session;

        Device(DeviceSession session) { this.session = session; }

        @Override public String eventId() { return session.eventId(); }
        @Override public String driverId() { return DRIVER_PREFIX + session.gameId(); }
        @Override public TokenStore.Identity identity() { return new TokenStore.Identity(eventId(), driverId(), ""); }
        @Override public void close(int code, String reason) { session.close(code, reason); }

        /** The ingest path's answers, on the core thread: an ack brings the new state, a refusal its reason. */
        @Override
        public void send(RelayFrame frame) {
            GameRecord g = core.book().game(session.gameId());
            if (frame.hasError()) {
                session.send(DeviceMessage.newBuilder().setError(RelayError.newBuilder()
                        .setCode(frame.getError().getCode().name())
                        .setMessage("entry " + frame.getError().getSeq() + ": " + frame.getError().getMessage())).build());
            }
            if (g != null) session.send(state(g));
        }
    }

    public NotationService(RelayCore core, IngestService ingest, ArbiterService arbiter) {
        this.core = core;
        this.ingest = ingest;
        this.arbiter = arbiter;
        core.addLiveListener(this);
        arbiter.notationRequests(this);
    }

    private GameBook book() { return core.book(); }

    /** The source a notated game's entries come from. */
    public static Source source(GameInfo info) {
        return new Source(info.getEventId(), DRIVER_PREFIX + info.getGameId(), DEVICE_BOARD);
    }

    // ---- the arbiter: issue and revoke ------------------------------------------------------

    @Override
    public void handle(ArbiterSession s, String id, NotationRequest r) {
        GameRecord g = book().game(r.getGameId());
        if (g == null || !g.info().getEventId().equals(s.eventId())) {
            arbiterError(s, id, "UNKNOWN_GAME", "no game " + r.getGameId() + " in event " + s.eventId());
            return;
        }
        switch (r.getAction()) {
            case ISSUE -> issue(s, id, g, r);
            case REVOKE -> revoke(s, id, g);
            case SWITCH_TO_NOTATION -> switchToNotation(s, id, g, r);
            case SWITCH_TO_SENSOR -> switchToSensor(s, id, g, r);
            default -> arbiterError(s, id, "BAD_REQUEST",
                    "notation request needs an action: ISSUE, REVOKE, SWITCH_TO_NOTATION or SWITCH_TO_SENSOR");
        }
    }

    private void issue(ArbiterSession s, String id, GameRecord g, NotationRequest r) {
        GameInfo info = g.info();
        String refusal = info.getNotation() == NotationState.ON_PAPER
                ? "digital notation of " + g.id() + " stopped for good; the game continues on paper (manual 2.5)"
                : EventDirectory.sensorSource(info.getSourceDriver())
                ? g.id() + " is a sensor board (" + info.getSourceDriver() + "/" + info.getSourceBoard() + ")"
                : "FRISIAN".equals(info.getVariant()) ? "the notation page enters international draughts only" : null;
        if (refusal != null) {
            arbiterError(s, id, "BAD_REQUEST", refusal);
            return;
        }
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        long now = System.currentTimeMillis();
        commit(JournalRecord.newBuilder().setNotationGrant(NotationGrant.newBuilder().setEventId(info.getEventId())
                .setGameId(g.id()).setSha256(Tokens.sha256Hex(token)).setTimes(r.getTimes()).setTimeMs(now).setBy(s.arbiter())).build());
        if (info.getNotation() != NotationState.NOTATED) {
            Source src = source(info);
            commitUpdate(g, GameUpdate.newBuilder().setInfo(info.toBuilder().setNotation(NotationState.NOTATED)
                    .setSourceDriver(src.driver()).setSourceBoard(src.board()).setSensorBoard(false)), now);
        }
        closeDevices(g.id(), UNAUTHENTICATED, "a new notation credential was issued for this game");
        String link = r.getBaseUrl().replaceAll("/+$", "") + "/notate.html#game=" + g.id() + "&key=" + token;
        NotationCredential credential = NotationCredential.newBuilder().setGameId(g.id()).setLink(link).setQrSvg(QrSvg.of(link)).build();
        audit(s.arbiter(), g, "NOTATION credential issued (times " + r.getTimes() + ")", "",
                ArbiterService.what(AuditEntry.Kind.NOTATION_ISSUED).setValue(r.getTimes().name()), () -> s.send(ArbiterMessage.newBuilder().setRequestId(id).setNotation(credential).build()));
    }

    /**
     * A sensor board failed mid-game: the game goes on from where it stands, notated on a phone.
     * The board's driver no longer feeds it (its source is the notation device's); which board it
     * was is kept in the game's info for the switch back.
     */
    private void switchToNotation(ArbiterSession s, String id, GameRecord g, NotationRequest r) {
        GameInfo info = g.info();
        String refusal = !EventDirectory.sensorSource(info.getSourceDriver())
                ? g.id() + " is not fed by a sensor board: give it a notation link instead"
                : g.live().finished() ? "game " + g.id() + " is finished: nothing left to notate"
                : "FRISIAN".equals(info.getVariant()) ? "the notation page enters international draughts only" : null;
        if (refusal != null) {
            arbiterError(s, id, "BAD_REQUEST", refusal);
            return;
        }
        Source src = source(info);
        commitUpdate(g, GameUpdate.newBuilder().setInfo(info.toBuilder()
                .setSwitchedFromDriver(info.getSourceDriver()).setSwitchedFromBoard(info.getSourceBoard())
                .setSourceDriver(src.driver()).setSourceBoard(src.board()).setSensorBoard(false).setSensorRestoring(false)
                .setNotation(NotationState.NOTATED)), System.currentTimeMillis());
        audit(s.arbiter(), g, "SWITCH to phone notation from sensor board " + info.getSourceDriver() + "/" + info.getSourceBoard()
                + " after ply " + g.live().plyNumber(g.live().plyCount()), r.getReason(),
                ArbiterService.what(AuditEntry.Kind.SWITCHED_TO_NOTATION).setPly(g.live().plyNumber(g.live().plyCount()))
                        .setValue(info.getSourceDriver() + "/" + info.getSourceBoard()), null);
        issue(s, id, book().game(g.id()), r);
    }

    /** Back to the sensor board the game was switched from: the phone's credential ends, the board feeds the game again. */
    private void switchToSensor(ArbiterSession s, String id, GameRecord g, NotationRequest r) {
        GameInfo info = g.info();
        if (info.getSwitchedFromDriver().isEmpty()) {
            arbiterError(s, id, "BAD_REQUEST", "game " + g.id() + " was not switched from a sensor board");
            return;
        }
        long now = System.currentTimeMillis();
        NotationGrant grant = book().notationGrant(g.id());
        if (grant != null && !grant.getRevoked()) {
            commit(JournalRecord.newBuilder().setNotationGrant(grant.toBuilder().setRevoked(true).setTimeMs(now).setBy(s.arbiter())).build());
        }
        closeDevices(g.id(), SWITCHED_TO_SENSOR, "the arbiter switched this game back to its sensor board");
        // restoring until the board's driver takes over from the position the phone left (its first resumed event)
        GameInfo back = info.toBuilder().setSourceDriver(info.getSwitchedFromDriver()).setSourceBoard(info.getSwitchedFromBoard())
                .clearSwitchedFromDriver().clearSwitchedFromBoard().setSensorBoard(true).setSensorRestoring(true)
                .setNotation(NotationState.NOTATION_STATE_UNSPECIFIED).build();
        commitUpdate(g, GameUpdate.newBuilder().setInfo(back), now);
        // the board's driver hears that the board feeds this game again, and where it stands
        ingest.assigned(back);
        audit(s.arbiter(), g, "SWITCH back to sensor board " + back.getSourceDriver() + "/" + back.getSourceBoard()
                        + " after ply " + g.live().plyNumber(g.live().plyCount()), r.getReason(),
                ArbiterService.what(AuditEntry.Kind.SWITCHED_TO_SENSOR).setPly(g.live().plyNumber(g.live().plyCount()))
                        .setValue(back.getSourceDriver() + "/" + back.getSourceBoard()),
                () -> s.send(ArbiterMessage.newBuilder().setRequestId(id)
                        .setNotation(NotationCredential.newBuilder().setGameId(g.id()).setRevoked(true)).build()));
    }

    private void revoke(ArbiterSession s, String id, GameRecord g) {
        NotationGrant grant = book().notationGrant(g.id());
        if (grant == null || grant.getRevoked()) {
            arbiterError(s, id, "BAD_REQUEST", "game " + g.id() + " has no notation credential in force");
            return;
        }
        commit(JournalRecord.newBuilder().setNotationGrant(grant.toBuilder().setRevoked(true)
                .setTimeMs(System.currentTimeMillis()).setBy(s.arbiter())).build());
        closeDevices(g.id(), UNAUTHENTICATED, "the arbiter revoked this device's notation credential");
        audit(s.arbiter(), g, "NOTATION credential revoked", "", ArbiterService.what(AuditEntry.Kind.NOTATION_REVOKED), () -> s.send(ArbiterMessage.newBuilder().setRequestId(id)
                .setNotation(NotationCredential.newBuilder().setGameId(g.id()).setRevoked(true)).build()));
    }

    // ---- the device -------------------------------------------------------------------------

    /** A device's hello: admitted to its game with a credential in force, else closed with the reason. */
    public void hello(DeviceSession d, String gameId, String token) {
        GameRecord g = book().game(gameId);
        NotationGrant grant = book().notationGrant(gameId);
        if (g == null || grant == null || !matches(token, grant)) {
            for (GameRecord other : book().games()) {
                NotationGrant og = book().notationGrant(other.id());
                if (og != null && !og.getRevoked() && matches(token, og)) {
                    refuse(d, gameId, FORBIDDEN, "this credential notates " + other.id() + " only, not " + gameId);
                    return;
                }
            }
            refuse(d, gameId, UNAUTHENTICATED, "unknown or revoked notation credential");
            return;
        }
        if (g.info().getNotation() == NotationState.ON_PAPER) {
            d.close(STOPPED, "digital notation of this game stopped for good: it continues on paper (manual 2.5)");
            return;
        }
        if (grant.getRevoked() && g.info().getSensorBoard()) {
            d.close(SWITCHED_TO_SENSOR, "the arbiter switched this game back to its sensor board");
            return;
        }
        if (grant.getRevoked()) {
            refuse(d, gameId, UNAUTHENTICATED, "the arbiter revoked this device's notation credential");
            return;
        }
        d.admit(g.info().getEventId(), g.id());
        // not a driver session of the ingest path: the ingest answers the device that sent the entry
        devices.computeIfAbsent(g.id(), k -> new ArrayList<>()).add(new Device(d));
        d.send(state(g));
    }

    /** A refused credential is a failed authentication like a driver's: counted, logged and slowed per address. */
    private void refuse(DeviceSession d, String gameId, int code, String reason) {
        d.refuseAfter(core.authThrottle().failed(d.address(), "/notate", reason + " (game " + gameId + ")",
                System.currentTimeMillis()), code, reason);
    }

        public void disconnected(DeviceSession d) {
        List<Device> list = devices.get(d.gameId());
        if (list == null) return;
        list.removeIf(dev -> dev.session == d);
        if (list.isEmpty()) devices.remove(d.gameId());
    }

    /** A move or an undo, through the ingest path as the game's own board. */
    public void entry(DeviceSession d, DeviceEntry e) {
        Device device = device(d);
        GameRecord g = book().game(d.gameId());
        if (device == null || g == null) return;
        long now = System.currentTimeMillis();
        // the event is what the device entered, the same on every re-send (the ingest path compares them)
        GameEvent.Builder ev = GameEvent.newBuilder().setCaptureTimeMs(e.getDeviceTimeMs());
        if (e.hasMove()) {
            ev.setType(EventType.MOVE).setMove(e.getMove());
            if (e.hasClock()) ev.setClock(e.getClock());
        } else if (e.hasUndo()) {
            // a typing slip put right before the next entry: a correction, not an irregularity (SWR 7.2)
            ev.setType(EventType.MOVE_RETRACTED).setEntryCorrection(true)
                    .setText("the notator corrected the last entry on the notation device");
        } else {
            device.send(RelayFrame.newBuilder().setError(IngestError.newBuilder()
                    .setCode(IngestError.Code.MALFORMED).setSeq(e.getSeq())
                    .setMessage("entry " + e.getSeq() + " has neither a move nor an undo")).build());
            return;
        }
        SourceCursor cursor = book().cursor(source(g.info()));
        boolean next = e.getSeq() == cursor.applied() + 1 && !cursor.blocked() && !cursor.held();
        NotationGrant grant = book().notationGrant(g.id());
        String why = !next ? null
                : e.hasUndo() && !undoable(g, g.version())
                ? "undo refused: only the device's own last move can be undone, before the next move is entered"
                : e.hasMove() && !e.hasClock() && grant != null && grant.getTimes() == TimeEntry.TIMES_REQUIRED
                ? "move refused: this competition enters the remaining time with each move"
                : null;
        if (why != null) {
            // the same way as a refused move: the board blocks until the arbiter resolves it
            RelayAlerts.raise(core, g, EventType.BOARD_BLOCKED, StreamNotice.newBuilder().setCause(StreamNotice.Cause.NOTATION_REFUSED)
                    .setSeq(e.getSeq()), "the notation device of " + g.id() + " waits from seq " + e.getSeq()
                    + ": " + why + "; resolve it to let its entries through, or let the players stop digital notation");
            cursor.block(e.getSeq(), "MOVE_REFUSED: " + why);
            device.send(RelayFrame.newBuilder().setError(IngestError.newBuilder()
                    .setCode(IngestError.Code.MOVE_REFUSED).setSeq(e.getSeq()).setMessage(why)).build());
            return;
        }
        int plyBefore = g.live().plyCount();
        ingest.accept(device, BoardEvent.newBuilder().setBoard(DEVICE_BOARD).setSeq(e.getSeq()).setEvent(ev).build(), System.nanoTime());
        if (!next || cursor.applied() != e.getSeq()) return; // a re-send, or refused
        if (e.hasUndo()) {
            audit(notator(g), g, "UNDO ply " + g.live().plyNumber(plyBefore) + " on the notation device", "",
                    ArbiterService.what(AuditEntry.Kind.NOTATION_UNDONE).setPly(g.live().plyNumber(plyBefore)), null);
            return;
        }
        if (e.hasClock()) flagFall(g, e.getClock(), now);
        for (GameEvent alert : RuleAlerts.afterLastPly(g.live(), now)) commitUpdate(g, GameUpdate.newBuilder().setEvent(alert), now);
    }

    /** An entered remaining time of zero for the side that just moved is a flag fall (SWR 10.6, 12.1). */
    private void flagFall(GameRecord g, Clock clock, long now) {
        GameFold f = g.live();
        Side mover = f.position().sideToMove() == Color.WHITE ? Side.BLACK : Side.WHITE;
        int left = mover == Side.WHITE ? clock.getWhiteMs() : clock.getBlackMs();
        if (left > 0) return;
        commitUpdate(g, GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.FLAG_FALL).setSide(mover)
                .setPly(f.plyNumber(f.plyCount())).setCaptureTimeMs(now).setClock(clock)
                .setText((mover == Side.WHITE ? "white" : "black") + "'s remaining time was entered as 0:00 on the notation device")), now);
    }

    public void notator(DeviceSession d, String requestId, String name) {
        GameRecord g = admitted(d);
        if (g == null) return;
        // the other place a person's name enters: typed on the phone, single-spaced as the pairings' names are
        String n = name == null ? "" : BoardPairing.singleSpaced(name);
        if (n.isEmpty() || n.length() > 80) {
            deviceError(d, requestId, "BAD_REQUEST", "the notator's name must be 1 to 80 characters");
            return;
        }
        if (n.equals(g.info().getNotator())) {
            ok(d, requestId, "notator " + n);
            return;
        }
        commitUpdate(g, GameUpdate.newBuilder().setInfo(g.info().toBuilder().setNotator(n)), System.currentTimeMillis());
        audit("notation device", g, "NOTATOR " + n, "", ArbiterService.what(AuditEntry.Kind.NOTATOR_NAMED).setValue(n), () -> ok(d, requestId, "notator " + n));
    }

    /** The result both players confirmed on the device, entered as the arbiter would (early draws raise their alert). */
    public void result(DeviceSession d, String requestId, ResultConfirmed r) {
        GameRecord g = admitted(d);
        if (g == null) return;
        List<String> by = r.getConfirmedByList().stream().map(String::strip).filter(x -> !x.isEmpty()).distinct().toList();
        if (r.getResult() == GameResult.RESULT_UNSPECIFIED || r.getResult() == GameResult.UNRECOGNIZED || by.size() != 2) {
            deviceError(d, requestId, "BAD_REQUEST", "a result needs its value and both players' confirmations");
            return;
        }
        if (g.live().finished()) {
            if (g.live().result() == r.getResult()) ok(d, requestId, "result already entered");
            else deviceError(d, requestId, "GAME_FINISHED", "the game already has the result " + g.live().result());
            return;
        }
        String as = "notation device, confirmed by " + by.get(0) + " and " + by.get(1);
        ArbiterSession once = new ArbiterSession() {
            @Override public String eventId() { return g.info().getEventId(); }
            @Override public String arbiter() { return as; }
            @Override public TokenStore.Identity identity() { return new TokenStore.Identity(g.info().getEventId(), as, ""); }
            @Override public void send(ArbiterMessage m) {
                if (m.hasOk()) ok(d, requestId, m.getOk());
                else if (m.hasError()) deviceError(d, requestId, m.getError().getCode(), m.getError().getMessage());
            }
        };
        arbiter.handle(once, ArbiterRequest.newBuilder().setRequestId(requestId.isEmpty() ? "result" : requestId)
                .setResult(EnterResult.newBuilder().setGameId(g.id()).setResult(r.getResult())).build());
    }

    /**
     * Stops digital notation of the game for good (manual 2.5): the credential is revoked, the
     * spectators see that the game continues on paper, the arbiter gets an alert, devices are closed.
     */
    public void stop(DeviceSession d, String requestId, StopNotation st) {
        GameRecord g = admitted(d);
        if (g == null) return;
        long now = System.currentTimeMillis();
        NotationGrant grant = book().notationGrant(g.id());
        commit(JournalRecord.newBuilder().setNotationGrant(grant.toBuilder().setRevoked(true).setTimeMs(now)
                .setBy("notation device")).build());
        commitUpdate(g, GameUpdate.newBuilder().setInfo(g.info().toBuilder().setNotation(NotationState.ON_PAPER)), now);
        String why = st.getReason().isBlank() ? "" : " (" + st.getReason().strip() + ")";
        String text = (st.getFailure() ? "the notation device reported a failure" + why + ": the relay stopped digital notation"
                : "digital notation stopped on the device" + by(g) + why)
                + "; the game continues on paper and the device stays off (manual 2.5)";
        GameFold f = g.live();
        commitUpdate(g, GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.NOTATION_STOPPED)
                .setPly(f.plyCount() == 0 ? 0 : f.plyNumber(f.plyCount())).setCaptureTimeMs(now).setText(text)), now);
        audit(notator(g), g, "NOTATION stopped" + (st.getFailure() ? " after a device failure" : ""), st.getReason(),
                ArbiterService.what(AuditEntry.Kind.NOTATION_STOPPED).setFailure(st.getFailure()), () -> {
            ok(d, requestId, "digital notation stopped: continue on paper");
            closeDevices(g.id(), STOPPED, "digital notation of this game stopped for good: continue on paper");
        });
    }

    // ---- state pushed to the device ---------------------------------------------------------

    @Override
    public void durable(GameBook.Applied applied) {
        GameUpdate u = applied.update();
        List<Device> list = devices.get(u.getGameId());
        if (list == null) return;
        // the device's own moves and undos arrive with their ack; everything else (corrections, the
        // notator, a result) is pushed once durable, with the acks up to it
        if (u.hasEvent() && (u.getEvent().getType() == EventType.MOVE || u.getEvent().getType() == EventType.MOVE_RETRACTED)) return;
        DeviceMessage m = state(book().game(u.getGameId()));
        for (Device dev : list) dev.session.send(m);
    }

    /**
     * An arbiter's action on the game is durable: the device learns its outcome too, e.g. a refused
     * entry the arbiter released (its skip comes before the audit entry in the journal).
     */
    @Override
    public void audit(AuditEntry entry) {
        List<Device> list = devices.get(entry.getGameId());
        if (list == null) return;
        DeviceMessage m = state(book().game(entry.getGameId()));
        for (Device dev : list) dev.session.send(m);
    }

    /**
     * What the relay holds durably of the game, with the last entry it acked: both as of the same
     * fsync, so the device never sees a move of its own in the game before its ack.
     */
    private DeviceMessage state(GameRecord g) {
        List<GameUpdate> durable = new ArrayList<>();
        for (int v = 1; v <= g.durable(); v++) durable.add(g.update(v));
        SourceCursor cursor = book().cursor(source(g.info()));
        NotationGrant grant = book().notationGrant(g.id());
        return DeviceMessage.newBuilder().setState(DeviceState.newBuilder()
                .setSnapshot(GameFold.of(g.initialInfo(), durable).snapshot()).setAcked(cursor.durable())
                .setTimes(grant == null ? TimeEntry.TIMES_OPTIONAL : grant.getTimes())
                .setUndoable(undoable(g, g.durable())).setRefused(cursor.blockedSeq()).setRefusedReason(cursor.blockedReason())).build();
    }

    /**
     * Whether the game's last position change up to {@code version} is a move entered on the
     * device: only that one may be undone, and only once (an undo is not undone again).
     */
    static boolean undoable(GameRecord g, int version) {
        for (int v = version; v >= 1; v--) {
            GameUpdate u = g.update(v);
            if (u.hasResult()) return false;
            if (u.hasCorrection()) return false;
            if (!u.hasEvent()) continue;
            switch (u.getEvent().getType()) {
                case MOVE -> { return true; }
                case MOVE_REPLACED, MOVE_RETRACTED, ILLEGAL_MOVE -> { return false; }
                default -> { }
            }
        }
        return false;
    }

    // ---- helpers ----------------------------------------------------------------------------

    private static boolean matches(String token, NotationGrant grant) {
        return Tokens.match(token, List.of(new TokenConfig("notation", grant.getSha256(), false))).isPresent();
    }

    private Device device(DeviceSession d) {
        for (Device dev : devices.getOrDefault(d.gameId(), List.of())) if (dev.session == d) return dev;
        return null;
    }

    private GameRecord admitted(DeviceSession d) {
        return device(d) == null ? null : book().game(d.gameId());
    }

    private void closeDevices(String gameId, int code, String reason) {
        List<Device> list = devices.remove(gameId);
        if (list == null) return;
        for (Device dev : list) dev.session.close(code, reason);
    }

    private static String notator(GameRecord g) {
        return g.info().getNotator().isEmpty() ? "notation device" : "notation device (" + g.info().getNotator() + ")";
    }

    private static String by(GameRecord g) {
        return g.info().getNotator().isEmpty() ? "" : " by " + g.info().getNotator();
    }

    private void commit(JournalRecord rec) {
        core.commit(rec, null);
    }

    private void commitUpdate(GameRecord g, GameUpdate.Builder u, long now) {
        commit(JournalRecord.newBuilder().setArbiterUpdate(book().next(g.id(), u, now)).build());
    }

    /** Journals an audit entry; {@code then} runs once it (and so all before it) is durable. */
    private void audit(String who, GameRecord g, String action, String reason, AuditEntry.Builder what, Runnable then) {
        AuditEntry e = what.setTimeMs(System.currentTimeMillis()).setArbiter(who)
                .setGameId(g.id()).setAction(action).setReason(reason).build();
        core.commit(JournalRecord.newBuilder().setAudit(e).build(), then);
    }

    private static void ok(DeviceSession d, String requestId, String text) {
        d.send(DeviceMessage.newBuilder().setRequestId(requestId).setOk(text).build());
    }

    private static void deviceError(DeviceSession d, String requestId, String code, String message) {
        d.send(DeviceMessage.newBuilder().setRequestId(requestId).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }

    private static void arbiterError(ArbiterSession s, String id, String code, String message) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }
}
