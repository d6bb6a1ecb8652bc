package org.damrelay.emulator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.driver.board.Sensed;

/**
 * The physical board in the hall: what lies on each of the 100 fields, and a log of every
 * physical change with its time. The hand acts on it in game squares; it keeps the fields in
 * the board's own numbering, so a board lying turned round changes which field a square is on.
 * A time cursor moves forward only: the log is in time order by construction.
 */
public final class PhysicalBoard {

    /** A field's content changed at time t (board numbering). */
    public record Change(double t, int field, Sensed content) {}

    /** A sensor fault on one field during [from, until): not a change of what lies there. */
    public record Glitch(double from, double until, int field, Kind kind, double probability) {
        public enum Kind {
            /** An off-centre piece: an occupied field reads empty with the given probability per sample. */
            FLICKER,
            /** The field reads an unknown piece code. */
            UNKNOWN_CODE
        }
    }

    /** A clock button pressed by the player of this colour. */
    public record Press(double t, Color by) {}

    /** The board was unplugged at from and plugged in again at until. */
    public record Outage(double from, double until) {}

    private final Sensed[] initial;
    private final Sensed[] fields;
    private int quarterTurns; // 0 as it should lie, 2 turned round, 1 or 3 lying wrong
    private double now;
    private final List<Change> changes = new ArrayList<>();
    private final List<Glitch> glitches = new ArrayList<>();
    private final List<Press> presses = new ArrayList<>();
    private final List<Outage> outages = new ArrayList<>();

    public PhysicalBoard(Position setup, boolean turned) {
        this.quarterTurns = turned ? 2 : 0;
        this.fields = new Sensed[Fields.COUNT];
        Arrays.fill(fields, Sensed.EMPTY);
        for (int s = 1; s <= Squares.COUNT; s++) fields[field(s)] = Fields.sensed(setup.pieceAt(s));
        this.initial = fields.clone();
    }

    private int field(int square) {
        return rotate(Fields.ofSquare(square), quarterTurns);
    }

    /** Where a hall field (row, col as the board should lie) is in the board's numbering after k quarter turns. */
    static int rotate(int hallField, int k) {
        int r = hallField / 10, c = hallField % 10;
        for (int i = 0; i < (k & 3); i++) {
            int nr = c, nc = 9 - r;
            r = nr;
            c = nc;
        }
        return r * 10 + c;
    }

    public double now() { return now; }

    public void advance(double ms) {
        if (ms < 0) throw new IllegalArgumentException("time runs forward only: " + ms);
        now += ms;
    }

    /** Turned round (half a turn), as opposed to lying as it should or a quarter turn wrong. */
    public boolean isTurned() { return quarterTurns == 2; }

    /** What lies on a square. */
    public Sensed at(int square) {
        return fields[field(square)];
    }

    /** Takes whatever lies on the square into the hand. */
    public Sensed lift(int square) {
        Sensed s = at(square);
        set(field(square), Sensed.EMPTY);
        return s;
    }

    public void put(int square, Sensed piece) {
        set(field(square), piece);
    }

    /** A piece on a light field (row, col in the hall's orientation). */
    public void putOnLightField(int hallField, Sensed piece) {
        set(rotate(hallField, quarterTurns), piece);
    }

    public void crown(int square) {
        put(square, Fields.crowned(at(square)));
    }

    public void uncrown(int square) {
        put(square, Fields.uncrowned(at(square)));
    }

    public void press(Color by) {
        presses.add(new Press(now, by));
    }

    public void glitch(int square, Glitch.Kind kind, double durationMs, double probability) {
        glitches.add(new Glitch(now, now + durationMs, field(square), kind, probability));
    }

    /** Pulls the cable now and plugs it back after the given time (the cursor moves on). */
    public void unplug(double durationMs) {
        outages.add(new Outage(now, now + durationMs));
        now += durationMs;
    }

    /**
     * The board is turned round under the position: picked up, turned, and the pieces set up again
     * on the squares where they stood, so each square now lies on the opposite field. (A board
     * turned with the pieces on it would report nothing.)
     */
    public void turn() {
        turn(2);
    }

    /**
     * The board is turned by k quarter turns under the position. After a quarter turn every
     * piece stands on a light field: the board lies wrong (SWR 7.1).
     */
    public void turn(int k) {
        Sensed[] before = fields.clone();
        Sensed[] after = new Sensed[Fields.COUNT];
        for (int f = 0; f < Fields.COUNT; f++) after[rotate(f, k)] = before[f];
        quarterTurns = (quarterTurns + k) & 3;
        for (int f = 0; f < Fields.COUNT; f++) set(f, after[f]);
    }

    private void set(int field, Sensed content) {
        if (fields[field] == content) return;
        fields[field] = content;
        changes.add(new Change(now, field, content));
    }

    /** The position the pieces on the squares form (a crown is a king), with the given side to move. */
    public Position position(Color sideToMove) {
        Position p = Position.empty(sideToMove);
        for (int s = 1; s <= Squares.COUNT; s++) {
            p = switch (at(s)) {
                case WHITE_MAN -> p.with(s, Piece.WHITE_MAN);
                case WHITE_KING -> p.with(s, Piece.WHITE_KING);
                case BLACK_MAN -> p.with(s, Piece.BLACK_MAN);
                case BLACK_KING -> p.with(s, Piece.BLACK_KING);
                default -> p;
            };
        }
        return p;
    }

    public Sensed[] initialFields() { return initial.clone(); }
    public Sensed[] currentFields() { return fields.clone(); }
    public List<Change> changes() { return List.copyOf(changes); }
    public List<Glitch> glitches() { return List.copyOf(glitches); }
    public List<Press> presses() { return List.copyOf(presses); }
    public List<Outage> outages() { return List.copyOf(outages); }
}
