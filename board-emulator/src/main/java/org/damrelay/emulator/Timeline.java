package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.driver.board.BoardObserver;
import org.damrelay.driver.board.Sensed;

/**
 * Everything an emulated board reported, in time order: the exact log that the in-process fast
 * path delivers and that the protocol speaker puts on the wire; and the rests, the spans between
 * plies in which the board stands still, where the players can be paused (see
 * {@code BoardSpeaker#pauseAfter}).
 */
public record Timeline(List<BoardEvent> events, List<Rest> rests) {
    /**
     * A span of the timeline, from when every report of a ply is out until the hand reaches for the
     * next move ({@code until} Long.MAX_VALUE after the last ply). Between them nothing is reported
     * but what the players do while thinking (fidgets, a late crown): the position stands.
     * {@code plies}: the plies played before it.
     */
    public record Rest(long from, long until, int plies) {
        public Rest {
            if (until < from) throw new IllegalArgumentException("a rest ends before it begins: " + from + ".." + until);
        }
    }

    public Timeline {
        events = List.copyOf(events);
        rests = List.copyOf(rests);
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).t() < events.get(i - 1).t()) throw new IllegalArgumentException("timeline out of order at " + i);
        }
        for (int i = 1; i < rests.size(); i++) {
            if (rests.get(i).from() < rests.get(i - 1).until()) throw new IllegalArgumentException("rests overlap at " + i);
        }
    }

    /** A timeline without known rests (a recorded or filtered one): its players cannot be paused between plies. */
    public Timeline(List<BoardEvent> events) {
        this(events, List.of());
    }

    /** Feeds every event to the observer, in order, with its capture time. */
    public void replayTo(BoardObserver observer) {
        for (BoardEvent e : events) e.deliverTo(observer);
    }

    public long endMillis() {
        return events.isEmpty() ? 0 : events.get(events.size() - 1).t();
    }

    /** The board as the host would know it from the reports up to and including time t. */
    public Sensed[] reportedBoardAt(long t) {
        Sensed[] board = new Sensed[Fields.COUNT];
        Arrays.fill(board, Sensed.EMPTY);
        for (BoardEvent e : events) {
            if (e.t() > t) break;
            if (e instanceof BoardEvent.BoardDumped d) board = d.fields();
            else if (e instanceof BoardEvent.FieldChanged c) board[c.field()] = c.now();
        }
        return board;
    }

    /**
     * What a reader whose first read is at {@code t} gets: the board as it stands then (one full
     * board), then everything reported after it. A board that was played on before the driver
     * started (joining a game in progress).
     */
    public Timeline joinedAt(long t) {
        List<BoardEvent> out = new ArrayList<>();
        out.add(new BoardEvent.BoardDumped(t, reportedBoardAt(t)));
        for (BoardEvent e : events) if (e.t() > t) out.add(e);
        return new Timeline(out, rests.stream().filter(r -> r.until() > t).toList());
    }

    public <T extends BoardEvent> List<T> only(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
