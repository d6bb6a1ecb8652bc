package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * Merges what the sensor reported, the clock's readings and the link's drops into one timeline.
 * Nothing is reported while the cable is out; when it is back the board sends a full dump. The
 * rests between plies come from the session that played the game.
 */
final class TimelineAssembler {
    private record Timed(double at, int order, BoardEvent event) {}

    private TimelineAssembler() {}

    static Timeline assemble(PhysicalBoard board, Scanner scanner, FischerClock clock, double clockStart,
                             long tickMs, EmulatorConfig.Latency latency, long seed, double end, List<Timeline.Rest> rests) {
        List<Timed> all = new ArrayList<>();
        all.add(new Timed(0, 0, new BoardEvent.BoardDumped(0, board.initialFields())));
        for (Scanner.Sample s : scanner.scan(board, end)) all.add(new Timed(s.at(), 2, s.event()));
        List<PhysicalBoard.Outage> outages = board.outages();
        for (PhysicalBoard.Outage o : outages) {
            all.add(new Timed(o.from(), 1, new BoardEvent.LinkChanged((long) o.from(), false)));
            all.add(new Timed(o.until(), 1, new BoardEvent.LinkChanged((long) o.until(), true)));
            all.add(new Timed(o.until(), 1, new BoardEvent.BoardDumped((long) o.until(), fieldsAt(board, o.until()))));
        }
        clockEvents(board, clock, clockStart, tickMs, end, outages, new ClockLine(latency, seed), all);
        all.sort(Comparator.comparingDouble(Timed::at).thenComparingInt(Timed::order));
        return new Timeline(all.stream().map(Timed::event).toList(), rests);
    }

    /**
     * The clock's side of the line: each reading reaches it a drawn latency after the moment it
     * reports, and never before the reading sent ahead of it (one serial line keeps the order).
     */
    private static final class ClockLine {
        private final EmulatorConfig.Latency latency;
        private final java.util.SplittableRandom random;
        private double last = Double.NEGATIVE_INFINITY;

        ClockLine(EmulatorConfig.Latency latency, long seed) {
            this.latency = latency;
            this.random = new java.util.SplittableRandom(seed * 31 + 7);
        }

        double arrival(double at) {
            long spread = latency.maxMs() - latency.minMs();
            double delay = latency.minMs() + (spread == 0 ? 0 : random.nextLong(spread + 1));
            last = Math.max(last, at + delay);
            return last;
        }
    }

    private static void clockEvents(PhysicalBoard board, FischerClock clock, double start, long tickMs, double end,
                                    List<PhysicalBoard.Outage> outages, ClockLine line, List<Timed> out) {
        List<PhysicalBoard.Press> presses = board.presses();
        emit(out, 0, clock.readingAt(0), outages); // set, not yet started: the board answers SEND_CLK from the outset
        emit(out, line.arrival(start), clock.start(start, Color.WHITE), outages);
        double nextTick = tickMs > 0 ? start + tickMs : Double.MAX_VALUE;
        double flagShown = -1;
        int i = 0;
        while (true) {
            double pressAt = i < presses.size() ? presses.get(i).t() : Double.MAX_VALUE;
            double flagAt = clock.flagFallsAt();
            if (flagAt <= flagShown) flagAt = Double.MAX_VALUE;
            double at = Math.min(Math.min(pressAt, nextTick), flagAt);
            if (at > end) break;
            if (flagAt < pressAt && flagAt < nextTick) {
                // A falling flag changes what the clock shows: the board reports it like a press.
                emit(out, line.arrival(flagAt), clock.readingAt(flagAt), outages);
                flagShown = flagAt;
            } else if (pressAt <= nextTick) {
                emit(out, line.arrival(pressAt), clock.press(presses.get(i).t(), presses.get(i).by()), outages);
                i++;
            } else {
                emit(out, line.arrival(nextTick), clock.readingAt(nextTick), outages);
                nextTick += tickMs;
            }
        }
    }

    private static void emit(List<Timed> out, double at, ClockReading r,
                             List<PhysicalBoard.Outage> outages) {
        for (PhysicalBoard.Outage o : outages) if (at >= o.from() && at < o.until()) return;
        out.add(new Timed(at, 3, new BoardEvent.ClockRead((long) Math.floor(at), r)));
    }

    private static Sensed[] fieldsAt(PhysicalBoard board, double t) {
        Sensed[] f = board.initialFields();
        for (PhysicalBoard.Change c : board.changes()) {
            if (c.t() > t) break;
            f[c.field()] = c.content();
        }
        return f;
    }
}
