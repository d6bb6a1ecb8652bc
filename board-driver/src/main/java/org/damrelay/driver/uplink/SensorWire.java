package org.damrelay.driver.uplink;

import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;
import org.damrelay.driver.reconstruct.Orientation;
import org.damrelay.proto.SensorClock;
import org.damrelay.proto.SensorReport;

/**
 * The one mapping of what a board reports (decoded) to the evidence on the wire
 * ({@link SensorReport}): the driver's live feed and any check against a capture use it alike.
 */
public final class SensorWire {
    private SensorWire() {}

    /** A field's reading as one letter: e empty, w/W white man/king, b/B black man/king, ? unknown code. */
    public static String piece(Sensed s) {
        return switch (s) {
            case EMPTY -> "e";
            case WHITE_MAN -> "w";
            case WHITE_KING -> "W";
            case BLACK_MAN -> "b";
            case BLACK_KING -> "B";
            case UNKNOWN -> "?";
        };
    }

    public static SensorReport field(long t, long origin, int field, Sensed now, Orientation o) {
        return base(SensorReport.Kind.FIELD, t, origin).setField(field).setSquare(orientation(o).square(field))
                .setPiece(piece(now)).build();
    }

    /** A whole board as 50 letters, squares 1..50 under the orientation (the light fields are left out). */
    public static SensorReport board(long t, long origin, Sensed[] fields, Orientation o) {
        return base(SensorReport.Kind.BOARD, t, origin).setPiece(squares(fields, o)).build();
    }

    public static String squares(Sensed[] fields, Orientation o) {
        Orientation or = orientation(o);
        StringBuilder b = new StringBuilder(50);
        for (int sq = 1; sq <= 50; sq++) b.append(piece(fields[or.field(sq)]));
        return b.toString();
    }

    public static SensorReport clock(long t, long origin, ClockReading c) {
        return base(SensorReport.Kind.CLOCK, t, origin).setClock(SensorClock.newBuilder()
                .setLeftMs(ms(c.left())).setRightMs(ms(c.right())).setRunning(c.running())
                .setRightLeverHigh(c.rightLeverHigh()).setPolled(c.polled())
                .setLeftFlag(c.leftFlag()).setRightFlag(c.rightFlag())).build();
    }

    public static SensorReport link(long t, long origin, boolean up) {
        return base(up ? SensorReport.Kind.LINK_UP : SensorReport.Kind.LINK_DOWN, t, origin).build();
    }

    /** Before the board showed its start position the driver knows no orientation: the board's own numbering. */
    private static Orientation orientation(Orientation o) {
        return o == null ? Orientation.NORMAL : o;
    }

    private static int ms(java.time.Duration d) {
        return d == null ? 0 : (int) Math.max(0, Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    private static SensorReport.Builder base(SensorReport.Kind kind, long t, long origin) {
        return SensorReport.newBuilder().setKind(kind).setCaptureMs(t).setWallMs(origin + t);
    }
}
