package org.damrelay.draughts.game;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A time control, written in the PDN/PGN {@code TimeControl} tag syntax: periods separated by
 * {@code :}, each {@code [moves/]seconds[+increment]}. {@code 5400+60} is 90 minutes for the game
 * with 60 s added per move; {@code 40/7200:3600+30} is 40 moves in 2 hours, then an hour for the
 * rest with 30 s per move (the move-quota controls of SWR 10.1/12.1). The increment kind is not
 * part of the tag: Fischer adds the increment after each move, Bronstein gives back what the move
 * used, up to the increment.
 *
 * @param periods       at least one; every period but the last has a move quota
 * @param incrementKind how increments are given
 */
public record TimeControl(List<Period> periods, IncrementKind incrementKind) {

    public enum IncrementKind { FISCHER, BRONSTEIN }

    /**
     * One period of play.
     *
     * @param moves     the moves a player must make in this period, 0 for the rest of the game
     * @param base      the time added to the clock when the period starts
     * @param increment the time per move in this period (zero when none)
     */
    public record Period(int moves, Duration base, Duration increment) {
        public Period {
            Objects.requireNonNull(base, "base");
            Objects.requireNonNull(increment, "increment");
            if (moves < 0 || base.isNegative() || increment.isNegative()) {
                throw new IllegalArgumentException("a period's moves, base and increment cannot be negative");
            }
        }

        String tag() {
            StringBuilder s = new StringBuilder();
            if (moves > 0) s.append(moves).append('/');
            s.append(base.toSeconds());
            if (!increment.isZero()) s.append('+').append(increment.toSeconds());
            return s.toString();
        }
    }

    public TimeControl {
        periods = List.copyOf(periods);
        Objects.requireNonNull(incrementKind, "incrementKind");
        if (periods.isEmpty()) throw new IllegalArgumentException("a time control needs at least one period");
        for (int i = 0; i < periods.size() - 1; i++) {
            if (periods.get(i).moves() == 0) {
                throw new IllegalArgumentException("only the last period can be for the rest of the game");
            }
        }
    }

    /** A single period for the whole game: base time plus a Fischer increment per move. */
    public static TimeControl of(Duration base, Duration increment) {
        return new TimeControl(List.of(new Period(0, base, increment)), IncrementKind.FISCHER);
    }

    /** Reads a {@code TimeControl} tag with Fischer increments. */
    public static TimeControl parse(String tag) {
        return parse(tag, IncrementKind.FISCHER);
    }

    /**
     * Reads a {@code TimeControl} tag.
     *
     * @throws IllegalArgumentException naming what is wrong, e.g. for {@code ?}, {@code -}
     *     (unknown or none: no time control to check) or a sand-clock period {@code *60}
     */
    public static TimeControl parse(String tag, IncrementKind kind) {
        if (tag == null || tag.isBlank()) throw new IllegalArgumentException("empty time control");
        List<Period> periods = new ArrayList<>();
        for (String field : tag.strip().split(":", -1)) {
            periods.add(period(field, tag));
        }
        try {
            return new TimeControl(periods, kind);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("time control \"" + tag + "\": " + e.getMessage());
        }
    }

    private static Period period(String field, String tag) {
        String f = field.strip();
        try {
            int moves = 0;
            int slash = f.indexOf('/');
            if (slash >= 0) {
                moves = Integer.parseInt(f.substring(0, slash));
                if (moves <= 0) throw new NumberFormatException();
                f = f.substring(slash + 1);
            }
            long increment = 0;
            int plus = f.indexOf('+');
            if (plus >= 0) {
                increment = Long.parseLong(f.substring(plus + 1));
                f = f.substring(0, plus);
            }
            long base = Long.parseLong(f);
            if (base < 0 || increment < 0) throw new NumberFormatException();
            return new Period(moves, Duration.ofSeconds(base), Duration.ofSeconds(increment));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("time control \"" + tag + "\": period \"" + field
                    + "\" is not [moves/]seconds[+increment], e.g. 5400+60 or 40/7200:3600+30");
        }
    }

    /** The tag text, e.g. {@code 40/7200:3600+30}. */
    public String tag() {
        return periods.stream().map(Period::tag).collect(Collectors.joining(":"));
    }

    /** The time on each clock at the start of the game. */
    public Duration initial() {
        return periods.get(0).base();
    }

    /**
     * The period a player's {@code move}-th move (1-based, counting that player's moves only)
     * falls in; the last period repeats its quota when it has one (as {@code 40/7200:20/3600}
     * gives 20 moves per hour after the first 40 when the tag's last period has a quota).
     */
    public Period periodOf(int move) {
        if (move < 1) throw new IllegalArgumentException("moves are counted from 1, not " + move);
        int done = 0;
        for (Period p : periods) {
            if (p.moves() == 0 || move <= done + p.moves()) return p;
            done += p.moves();
        }
        return periods.get(periods.size() - 1);
    }

    /**
     * Whether a player's {@code move}-th move completes a period's move quota: the moment the
     * quota is checked (a flag that fell before it loses, SWR 10.1) and the next period's time added.
     */
    public boolean endsPeriod(int move) {
        int done = 0;
        for (Period p : periods) {
            if (p.moves() == 0) return false;
            done += p.moves();
            if (move == done) return true;
            if (move < done) return false;
        }
        Period last = periods.get(periods.size() - 1);
        return (move - done) % last.moves() == 0;
    }

    @Override
    public String toString() {
        return tag() + (incrementKind == IncrementKind.BRONSTEIN ? " (Bronstein)" : "");
    }
}
