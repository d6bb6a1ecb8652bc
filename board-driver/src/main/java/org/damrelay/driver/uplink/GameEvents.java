package org.damrelay.driver.uplink;

import java.time.Duration;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.proto.Clock;
import org.damrelay.proto.ClockCheck;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.wire.GameWire;

/**
 * Reconstruction's events in the wire vocabulary (game.proto); both use the names of
 * arbiter-events.md. The two enum mappings are written out: a value added on either side without
 * its counterpart stops the build here (the switches must be exhaustive), instead of an event
 * silently dropped at run time.
 */
public final class GameEvents {
    private GameEvents() {}

    /** The wire's name for a reconstruction event type. */
    public static EventType wireType(org.damrelay.driver.arbiter.EventType type) {
        return switch (type) {
            case MOVE -> EventType.MOVE;
            case MOVE_REPLACED -> EventType.MOVE_REPLACED;
            case MOVE_RETRACTED -> EventType.MOVE_RETRACTED;
            case ILLEGAL_MOVE -> EventType.ILLEGAL_MOVE;
            case IRREGULAR_MOVE_STANDS -> EventType.IRREGULAR_MOVE_STANDS;
            case UNCROWNED_KING -> EventType.UNCROWNED_KING;
            case KING_CROWNED -> EventType.KING_CROWNED;
            case ACCIDENTAL_DISPLACEMENT -> EventType.ACCIDENTAL_DISPLACEMENT;
            case TOUCH_MOVE -> EventType.TOUCH_MOVE;
            case CAPTURE_EXECUTION -> EventType.CAPTURE_EXECUTION;
            case BOARD_ORIENTATION -> EventType.BOARD_ORIENTATION;
            case POSITION_UNKNOWN -> EventType.POSITION_UNKNOWN;
            case POSITION_RECOVERED -> EventType.POSITION_RECOVERED;
            case DRAW_RULE_STARTED -> EventType.DRAW_RULE_STARTED;
            case DRAW_BY_RULE -> EventType.DRAW_BY_RULE;
            case EARLY_DRAW_AGREED -> EventType.EARLY_DRAW_AGREED;
            case NO_LEGAL_MOVES -> EventType.NO_LEGAL_MOVES;
            case CLOCK_PRESSED_WITHOUT_MOVE -> EventType.CLOCK_PRESSED_WITHOUT_MOVE;
            case CLOCK_NOT_PRESSED -> EventType.CLOCK_NOT_PRESSED;
            case INCOMPLETE_MOVE -> EventType.INCOMPLETE_MOVE;
            case FLAG_FALL -> EventType.FLAG_FALL;
            case CLOCK_MISMATCH -> EventType.CLOCK_MISMATCH;
            case GAME_STARTED -> EventType.GAME_STARTED;
            case JOINED_MID_GAME -> EventType.JOINED_MID_GAME;
            case BOARD_CLEARED -> EventType.BOARD_CLEARED;
            case BOARD_DISCONNECTED -> EventType.BOARD_DISCONNECTED;
            case BOARD_RECONNECTED -> EventType.BOARD_RECONNECTED;
        };
    }

    /** The wire's name for an illegal move's kind. */
    public static IllegalSubtype wireSubtype(IllegalKind kind) {
        return switch (kind) {
            case CAPTURE_MISSED -> IllegalSubtype.CAPTURE_MISSED;
            case CAPTURE_NOT_MAXIMAL -> IllegalSubtype.CAPTURE_NOT_MAXIMAL;
            case WRONG_PIECES_REMOVED -> IllegalSubtype.WRONG_PIECES_REMOVED;
            case REMOVED_WITHOUT_CAPTURE -> IllegalSubtype.REMOVED_WITHOUT_CAPTURE;
            case OPPONENT_PIECE_MOVED -> IllegalSubtype.OPPONENT_PIECE_MOVED;
            case MOVED_TWICE -> IllegalSubtype.MOVED_TWICE;
            case UNCROWNED_KING_MOVED -> IllegalSubtype.UNCROWNED_KING_MOVED;
            case KING_MOVE_LIMIT -> IllegalSubtype.KING_MOVE_LIMIT;
            case OTHER -> IllegalSubtype.OTHER;
        };
    }

    /** The event on the wire for a game that started from the start position. */
    public static GameEvent toProto(ArbiterEvent e, Variant variant) {
        return toProto(e, variant, Position.start());
    }

    /**
     * The event on the wire for a game that started from {@code start}. Reconstruction counts plies
     * played; the wire numbers them as {@link GameWire#plyNumber} does.
     */
    public static GameEvent toProto(ArbiterEvent e, Variant variant, Position start) {
        return toProto(e, variant, GameWire.plyNumber(start, 0));
    }

    /**
     * The event on the wire for a reconstruction that began at wire ply {@code pliesBefore} (a game
     * resumed mid-way: its plies continue the numbering of the position it began from).
     */
    public static GameEvent toProto(ArbiterEvent e, Variant variant, int pliesBefore) {
        GameEvent.Builder b = GameEvent.newBuilder()
                .setType(wireType(e.type()))
                .setPly(e.ply() == 0 ? 0 : e.ply() + pliesBefore)
                .setCaptureTimeMs(e.t());
        if (e.subtype() != null) b.setSubtype(wireSubtype(e.subtype()));
        if (e.side() != null) b.setSide(GameWire.side(e.side()));
        for (int sq : e.squares()) b.addSquares(sq);
        if (e.text() != null) b.setText(e.text());
        if (e.move() != null) {
            b.setMove(GameWire.move(e.move()));
            b.setNotation(e.before() != null ? Notation.of(e.before(), e.move(), variant) : Notation.longForm(e.move()));
        }
        if (e.after() != null) b.setFen(Fen.write(e.after()));
        if (e.correction()) b.setBoardCorrection(true);
        if (e.clock() != null) b.setClock(clock(e.clock()));
        if (e.check() != null) {
            ClockCheck.Builder c = ClockCheck.newBuilder().setMove(e.check().move()).setGivenBackSeconds(e.check().backSeconds())
                    .setExpectedSeconds(e.check().expectedSeconds()).setTimeControl(e.check().timeControl())
                    .setBronstein(e.check().bronstein());
            if (e.check().side() != null) c.setSide(GameWire.side(e.check().side()));
            b.setClockCheck(c);
        }
        return b.build();
    }

    /**
     * The times a recorded clock reading gave each colour (a relay's or the outbox's last board
     * state), or null when it holds none: what a resumed reconstruction checks the clock against.
     */
    public static ClockTimes times(Clock c) {
        if (c == null || (c.getWhiteMs() == 0 && c.getBlackMs() == 0)) return null;
        return new ClockTimes(Duration.ofMillis(c.getWhiteMs()), Duration.ofMillis(c.getBlackMs()));
    }

    private static Clock clock(ClockTimes t) {
        Clock.Builder b = Clock.newBuilder();
        if (t.white() != null) b.setWhiteMs((int) Math.min(Integer.MAX_VALUE, Math.max(0, t.white().toMillis())));
        if (t.black() != null) b.setBlackMs((int) Math.min(Integer.MAX_VALUE, Math.max(0, t.black().toMillis())));
        if (t.running() != null) b.setRunning(GameWire.side(t.running()));
        return b.build();
    }
}
