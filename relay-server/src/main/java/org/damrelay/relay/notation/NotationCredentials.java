package org.damrelay.relay.notation;

import java.security.SecureRandom;
import java.util.Base64;
import org.damrelay.proto.ArbiterMessage;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.NotationCredential;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.NotationRequest;
import org.damrelay.proto.NotationState;
import org.damrelay.proto.RelayError;
import org.damrelay.relay.arbiter.ArbiterSession;
import org.damrelay.relay.arbiter.BookEntries;
import org.damrelay.relay.arbiter.NotationRequests;
import org.damrelay.relay.config.Tokens;
import org.damrelay.relay.event.EventDirectory;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.ingest.IngestService;

/**
 * The arbiter's notation requests (manual 2.5): issue a game's one credential (a new one ends the
 * old), revoke it, move a game whose sensor board failed onto a phone, and back to its board. The
 * game's source follows: the phone's own while it is notated, the board's again after the switch
 * back. Each is journaled with an audit entry; the answer comes once that is durable. Core thread only.
 */
record NotationCredentials(IngestService ingest, NotatedGames games, AdmittedDevices devices, BookEntries entries)
        implements NotationRequests {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public void handle(ArbiterSession s, String id, NotationRequest r) {
        GameRecord g = games.game(r.getGameId());
        if (g == null || !g.info().getEventId().equals(s.eventId())) {
            error(s, id, "UNKNOWN_GAME", "no game " + r.getGameId() + " in event " + s.eventId());
            return;
        }
        switch (r.getAction()) {
            case ISSUE -> issue(s, id, g, r);
            case REVOKE -> revoke(s, id, g);
            case SWITCH_TO_NOTATION -> switchToNotation(s, id, g, r);
            case SWITCH_TO_SENSOR -> switchToSensor(s, id, g, r);
            default -> error(s, id, "BAD_REQUEST",
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
            error(s, id, "BAD_REQUEST", refusal);
            return;
        }
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        long now = System.currentTimeMillis();
        entries.commit(JournalRecord.newBuilder().setNotationGrant(NotationGrant.newBuilder().setEventId(info.getEventId())
                .setGameId(g.id()).setSha256(Tokens.sha256Hex(token)).setTimes(r.getTimes()).setTimeMs(now).setBy(s.arbiter())).build());
        if (info.getNotation() != NotationState.NOTATED) {
            Source src = NotationService.source(info);
            entries.update(g.id(), GameUpdate.newBuilder().setInfo(info.toBuilder().setNotation(NotationState.NOTATED)
                    .setSourceDriver(src.driver()).setSourceBoard(src.board()).setSensorBoard(false)), now);
        }
        devices.close(g.id(), NotationService.UNAUTHENTICATED, "a new notation credential was issued for this game");
        String link = r.getBaseUrl().replaceAll("/+$", "") + "/notate.html#game=" + g.id() + "&key=" + token;
        NotationCredential credential = NotationCredential.newBuilder().setGameId(g.id()).setLink(link).setQrSvg(QrSvg.of(link)).build();
        entries.audit(s.arbiter(), g.id(), "NOTATION credential issued (times " + r.getTimes() + ")", "",
                BookEntries.what(AuditEntry.Kind.NOTATION_ISSUED).setValue(r.getTimes().name()),
                () -> s.send(ArbiterMessage.newBuilder().setRequestId(id).setNotation(credential).build()));
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
            error(s, id, "BAD_REQUEST", refusal);
            return;
        }
        Source src = NotationService.source(info);
        entries.update(g.id(), GameUpdate.newBuilder().setInfo(info.toBuilder()
                .setSwitchedFromDriver(info.getSourceDriver()).setSwitchedFromBoard(info.getSourceBoard())
                .setSourceDriver(src.driver()).setSourceBoard(src.board()).setSensorBoard(false).setSensorRestoring(false)
                .setNotation(NotationState.NOTATED)), System.currentTimeMillis());
        entries.audit(s.arbiter(), g.id(), "SWITCH to phone notation from sensor board " + info.getSourceDriver() + "/" + info.getSourceBoard()
                + " after ply " + g.live().plyNumber(g.live().plyCount()), r.getReason(),
                BookEntries.what(AuditEntry.Kind.SWITCHED_TO_NOTATION).setPly(g.live().plyNumber(g.live().plyCount()))
                        .setValue(info.getSourceDriver() + "/" + info.getSourceBoard()), null);
        issue(s, id, games.game(g.id()), r);
    }

    /** Back to the sensor board the game was switched from: the phone's credential ends, the board feeds the game again. */
    private void switchToSensor(ArbiterSession s, String id, GameRecord g, NotationRequest r) {
        GameInfo info = g.info();
        if (info.getSwitchedFromDriver().isEmpty()) {
            error(s, id, "BAD_REQUEST", "game " + g.id() + " was not switched from a sensor board");
            return;
        }
        long now = System.currentTimeMillis();
        NotationGrant grant = games.grant(g.id());
        if (grant != null && !grant.getRevoked()) entries.commit(NotatedGames.revoked(grant, s.arbiter(), now));
        devices.close(g.id(), NotationService.SWITCHED_TO_SENSOR, "the arbiter switched this game back to its sensor board");
        // restoring until the board's driver takes over from the position the phone left (its first resumed event)
        GameInfo back = info.toBuilder().setSourceDriver(info.getSwitchedFromDriver()).setSourceBoard(info.getSwitchedFromBoard())
                .clearSwitchedFromDriver().clearSwitchedFromBoard().setSensorBoard(true).setSensorRestoring(true)
                .setNotation(NotationState.NOTATION_STATE_UNSPECIFIED).build();
        entries.update(g.id(), GameUpdate.newBuilder().setInfo(back), now);
        // the board's driver hears that the board feeds this game again, and where it stands
        ingest.assigned(back);
        entries.audit(s.arbiter(), g.id(), "SWITCH back to sensor board " + back.getSourceDriver() + "/" + back.getSourceBoard()
                        + " after ply " + g.live().plyNumber(g.live().plyCount()), r.getReason(),
                BookEntries.what(AuditEntry.Kind.SWITCHED_TO_SENSOR).setPly(g.live().plyNumber(g.live().plyCount()))
                        .setValue(back.getSourceDriver() + "/" + back.getSourceBoard()),
                () -> s.send(ArbiterMessage.newBuilder().setRequestId(id)
                        .setNotation(NotationCredential.newBuilder().setGameId(g.id()).setRevoked(true)).build()));
    }

    private void revoke(ArbiterSession s, String id, GameRecord g) {
        NotationGrant grant = games.grant(g.id());
        if (grant == null || grant.getRevoked()) {
            error(s, id, "BAD_REQUEST", "game " + g.id() + " has no notation credential in force");
            return;
        }
        entries.commit(NotatedGames.revoked(grant, s.arbiter(), System.currentTimeMillis()));
        devices.close(g.id(), NotationService.UNAUTHENTICATED, "the arbiter revoked this device's notation credential");
        entries.audit(s.arbiter(), g.id(), "NOTATION credential revoked", "", BookEntries.what(AuditEntry.Kind.NOTATION_REVOKED),
                () -> s.send(ArbiterMessage.newBuilder().setRequestId(id)
                        .setNotation(NotationCredential.newBuilder().setGameId(g.id()).setRevoked(true)).build()));
    }

    private static void error(ArbiterSession s, String id, String code, String message) {
        s.send(ArbiterMessage.newBuilder().setRequestId(id).setError(RelayError.newBuilder().setCode(code).setMessage(message)).build());
    }
}
