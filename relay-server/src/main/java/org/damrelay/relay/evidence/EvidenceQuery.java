package org.damrelay.relay.evidence;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.proto.Evidence;
import org.damrelay.proto.EvidenceSession;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.SensorReport;
import org.damrelay.relay.event.EventDirectory.Source;
import org.damrelay.relay.game.GameRecord;

/**
 * The answer to an arbiter's evidence request (docs/evidence.md): the game's sensor board's
 * reports in a window of wall time, the board as it stood just before, the capture files they
 * come from, and the game's own events in the window (what the reconstruction made of them).
 */
public final class EvidenceQuery {
    /** A whole game's window begins this long before its first move (the arbiter starts the clock, the players sit down). */
    static final long BEFORE_FIRST_MOVE_MS = 5 * 60_000;
    /** ... and ends this long after its last event (pieces put away, a dispute raised at the end). */
    static final long AFTER_LAST_EVENT_MS = 2 * 60_000;
    /** A window longer than a long game is a mistake, not a request. */
    static final long MAX_WINDOW_MS = 12 * 3_600_000L;

    private EvidenceQuery() {}

    /** The time of a game update on the wall clock: the driver's, where it gave one, else the relay's. */
    public static long wallTime(GameUpdate u) {
        return u.hasEvent() && u.getEvent().getWallTimeMs() != 0 ? u.getEvent().getWallTimeMs() : u.getRelayTimeMs();
    }

    /** @param from wall ms; with {@code to} both 0: the whole game */
    public static Evidence answer(EvidenceStore store, GameRecord game, long from, long to, long now) throws IOException {
        GameInfo info = game.info();
        List<Source> sources = sources(info);
        List<GameUpdate> events = new ArrayList<>();
        for (int v = 1; v <= game.version(); v++) {
            GameUpdate u = game.update(v);
            if (u != null && u.hasEvent()) events.add(u);
        }
        long gameFrom = 0, gameTo = 0;
        if (!events.isEmpty()) {
            long first = Long.MAX_VALUE, last = 0;
            for (GameUpdate u : events) {
                first = Math.min(first, wallTime(u));
                last = Math.max(last, wallTime(u));
            }
            gameFrom = first - BEFORE_FIRST_MOVE_MS;
            gameTo = game.live().finished() ? last + AFTER_LAST_EVENT_MS : Math.max(last, now);
        }
        if (from == 0 && to == 0) {
            from = gameFrom;
            to = gameTo;
        }
        if (to < from) throw new IllegalArgumentException("the window ends (" + to + ") before it begins (" + from + ")");
        if (to - from > MAX_WINDOW_MS) throw new IllegalArgumentException("a window of at most 12 hours, not " + (to - from) / 60_000 + " minutes");
        Evidence.Builder e = Evidence.newBuilder().setGameId(info.getGameId()).setFromMs(from).setToMs(to)
                .setGameFromMs(gameFrom).setGameToMs(gameTo);
        if (!sources.isEmpty()) e.setDriver(sources.get(0).driver()).setBoard(sources.get(0).board());
        char[] before = null;
        Map<String, EvidenceSession> sessions = new LinkedHashMap<>();
        for (Source s : sources) {
            for (EvidenceStore.Stored batch : store.read(s, from, to)) {
                for (SensorReport r : batch.reports()) {
                    if (r.getWallMs() < from) {
                        before = apply(before, r);
                    } else if (r.getWallMs() <= to) {
                        e.addReports(r);
                        sessions.putIfAbsent(batch.capture() + "@" + batch.captureOrigin(), EvidenceSession.newBuilder()
                                .setCapture(batch.capture()).setCaptureOriginMs(batch.captureOrigin()).build());
                    }
                }
            }
        }
        if (before != null) e.setBefore(new String(before));
        e.addAllSessions(sessions.values());
        for (GameUpdate u : events) {
            long t = wallTime(u);
            if (t >= from && t <= to) e.addUpdates(u);
        }
        return e.build();
    }

    /** The sensor boards that fed the game: its own and, for a game switched to a phone, the one it was switched from. */
    static List<Source> sources(GameInfo info) {
        List<Source> out = new ArrayList<>();
        if (!info.getSourceDriver().isEmpty() && !info.getSourceBoard().isEmpty()) {
            out.add(new Source(info.getEventId(), info.getSourceDriver(), info.getSourceBoard()));
        }
        if (!info.getSwitchedFromDriver().isEmpty() && !info.getSwitchedFromBoard().isEmpty()) {
            out.add(new Source(info.getEventId(), info.getSwitchedFromDriver(), info.getSwitchedFromBoard()));
        }
        return out;
    }

    /** The board by square after a report: a whole board replaces it, a field on a square changes it. */
    private static char[] apply(char[] board, SensorReport r) {
        switch (r.getKind()) {
            case BOARD -> {
                return r.getPiece().length() == 50 ? r.getPiece().toCharArray() : board;
            }
            case FIELD -> {
                if (board != null && r.getSquare() >= 1 && r.getSquare() <= 50 && r.getPiece().length() == 1) {
                    board[r.getSquare() - 1] = r.getPiece().charAt(0);
                }
                return board;
            }
            default -> {
                return board;
            }
        }
    }
}
