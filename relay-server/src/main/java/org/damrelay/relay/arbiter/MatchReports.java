package org.damrelay.relay.arbiter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AuditEntry;
import org.damrelay.proto.EventType;
import org.damrelay.proto.MatchReport;
import org.damrelay.relay.game.GameBook;
import org.damrelay.relay.game.GameRecord;
import org.damrelay.relay.game.Pdn;

/**
 * The arbiter's form (manual 5.4-5.5): results in the order the games ended, irregularities and
 * the arbiter's decisions, one chronological list. Each line carries its parameters (the result,
 * the alert's event, the audit entry) for the viewer to word in the event's language; {@code text}
 * stays the English line for logs.
 */
public final class MatchReports {

    private MatchReports() {}

    public static MatchReport build(GameBook book, String eventId) {
        List<MatchReport.Line> lines = new ArrayList<>();
        for (GameRecord g : book.games()) {
            if (!g.info().getEventId().equals(eventId) || !g.live().finished()) continue;
            lines.add(line(g.live().endedAtMs(), g.id(), g.info().getBoard(), "RESULT",
                    g.info().getWhite().getName() + " - " + g.info().getBlack().getName() + " " + Pdn.result(g.live().result()))
                    .toBuilder().setResult(g.live().result()).build());
        }
        for (Alert a : book.alerts()) {
            GameRecord g = book.game(a.getGameId());
            if (g == null || !g.info().getEventId().equals(eventId) || !irregularity(a.getEvent().getType())) continue;
            String text = a.getEvent().getType().name()
                    + (a.getEvent().getSubtype().getNumber() > 0 ? "." + a.getEvent().getSubtype().name() : "")
                    + " at ply " + a.getEvent().getPly() + (a.getEvent().getText().isEmpty() ? "" : ": " + a.getEvent().getText());
            lines.add(line(time(g, a), a.getGameId(), a.getBoard(), "IRREGULARITY", text).toBuilder()
                    .setEvent(a.getEvent().toBuilder().clearText().clearSentNanos()).build());
        }
        for (AuditEntry e : book.audit()) {
            GameRecord g = book.game(e.getGameId());
            if (g == null || !g.info().getEventId().equals(eventId)) continue;
            lines.add(line(e.getTimeMs(), e.getGameId(), g.info().getBoard(), "DECISION",
                    e.getAction() + (e.getReason().isEmpty() ? "" : " (" + e.getReason() + ")") + " by " + e.getArbiter())
                    .toBuilder().setDecision(e).build());
        }
        lines.sort(Comparator.comparingLong(MatchReport.Line::getTimeMs));
        return MatchReport.newBuilder().setEventId(eventId).addAllLines(lines).build();
    }

    private static long time(GameRecord g, Alert a) {
        return a.getRelayTimeMs();
    }

    private static boolean irregularity(EventType t) {
        return switch (t) {
            case ILLEGAL_MOVE, IRREGULAR_MOVE_STANDS, EARLY_DRAW_AGREED, DRAW_BY_RULE, NO_LEGAL_MOVES, FLAG_FALL,
                 POSITION_UNKNOWN, BOARD_ORIENTATION, CLOCK_MISMATCH, UNCROWNED_KING -> true;
            default -> false;
        };
    }

    private static MatchReport.Line line(long time, String gameId, int board, String kind, String text) {
        return MatchReport.Line.newBuilder().setTimeMs(time).setGameId(gameId).setBoard(board).setKind(kind).setText(text).build();
    }
}
