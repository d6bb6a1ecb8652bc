package org.damrelay.relay.notation;

import org.damrelay.draughts.rules.Color;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.Clock;
import org.damrelay.proto.DeviceEntry;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.IngestError;
import org.damrelay.proto.NotationGrant;
import org.damrelay.proto.RelayFrame;
import org.damrelay.proto.Side;
import org.damrelay.proto.StreamNotice;
import org.damrelay.proto.TimeEntry;
import org.damrelay.relay.arbiter.BookEntries;
import org.damrelay.relay.core.RelayCore;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.SourceCursor;
import org.damrelay.relay.ingest.IngestService;
import org.damrelay.relay.ingest.RelayAlerts;

/**
 * A device's moves and undos are board events of the game's own source ({@code notation:<game>},
 * board {@code phone}) and go through the same ingest path as a sensor board's: sequence, rules
 * check, journal, ack once durable. Before it, the device's own rules: only its own last move may
 * be undone, and a competition that enters times refuses a move without one; such a refusal blocks
 * the board until the arbiter resolves it, as a refused move does. After it, an entered time of
 * zero is a flag fall and the rules' alerts of the new position follow. Core thread only.
 */
final class NotationEntries {

    private final RelayCore core;
    private final IngestService ingest;
    private final NotatedGames games;
    private final AdmittedDevices devices;
    private final BookEntries entries;

    NotationEntries(RelayCore core, IngestService ingest, NotatedGames games, AdmittedDevices devices, BookEntries entries) {
        this.core = core;
        this.ingest = ingest;
        this.games = games;
        this.devices = devices;
        this.entries = entries;
    }

    /** A move or an undo, through the ingest path as the game's own board. */
    void entry(DeviceSession d, DeviceEntry e) {
        AdmittedDevices.Device device = devices.of(d);
        GameRecord g = games.game(d.gameId());
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
        SourceCursor cursor = games.cursor(g);
        boolean next = e.getSeq() == cursor.applied() + 1 && !cursor.blocked() && !cursor.held();
        NotationGrant grant = games.grant(g.id());
        String why = !next ? null
                : e.hasUndo() && !NotatedGames.undoable(g, g.version())
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
        ingest.accept(device, BoardEvent.newBuilder().setBoard(NotationService.DEVICE_BOARD).setSeq(e.getSeq()).setEvent(ev).build(),
                System.nanoTime());
        if (!next || cursor.applied() != e.getSeq()) return; // a re-send, or refused
        if (e.hasUndo()) {
            entries.audit(NotatedGames.notator(g), g.id(), "UNDO ply " + g.live().plyNumber(plyBefore) + " on the notation device", "",
                    BookEntries.what(AuditEntry.Kind.NOTATION_UNDONE).setPly(g.live().plyNumber(plyBefore)), null);
            return;
        }
        if (e.hasClock()) flagFall(g, e.getClock(), now);
        for (GameEvent alert : RuleAlerts.afterLastPly(g.live(), now)) entries.update(g.id(), GameUpdate.newBuilder().setEvent(alert), now);
    }

    /** An entered remaining time of zero for the side that just moved is a flag fall (SWR 10.6, 12.1). */
    private void flagFall(GameRecord g, Clock clock, long now) {
        GameFold f = g.live();
        Side mover = f.position().sideToMove() == Color.WHITE ? Side.BLACK : Side.WHITE;
        int left = mover == Side.WHITE ? clock.getWhiteMs() : clock.getBlackMs();
        if (left > 0) return;
        entries.update(g.id(), GameUpdate.newBuilder().setEvent(GameEvent.newBuilder().setType(EventType.FLAG_FALL).setSide(mover)
                .setPly(f.plyNumber(f.plyCount())).setCaptureTimeMs(now).setClock(clock)
                .setText((mover == Side.WHITE ? "white" : "black") + "'s remaining time was entered as 0:00 on the notation device")), now);
    }
}
