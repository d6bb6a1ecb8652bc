package org.damrelay.driver.uplink;

import java.util.Optional;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Side;

/** Reconstruction's events in the wire vocabulary (game.proto); both use the names of arbiter-events.md. */
public final class GameEvents {
    private GameEvents() {}

    /** The wire's name for this event type, if protocol v1 has one (reconstruction may know newer events). */
    public static Optional<EventType> wireType(org.damrelay.driver.arbiter.EventType type) {
        for (EventType t : EventType.values()) {
            if (t.name().equals(type.name())) return Optional.of(t);
        }
        return Optional.empty();
    }

    /** The event on the wire, or empty when protocol v1 has no name for its type; the game started from the start position. */
    public static Optional<GameEvent> toProto(ArbiterEvent e, Variant variant) {
        return toProto(e, variant, Position.start());
    }

    /**
     * The event on the wire for a game that started from {@code start}. Reconstruction counts plies
     * played; the wire numbers them as arbiter-events.md does (1 = white's first move), so with
     * black to move at the start every ply is one more.
     */
    public static Optional<GameEvent> toProto(ArbiterEvent e, Variant variant, Position start) {
        return toProto(e, variant, plyOffset(start));
    }

    /** The event on the wire for a reconstruction that began after {@code pliesBefore} (the wire's ply number of the position it began from). */
    public static Optional<GameEvent> toProto(ArbiterEvent e, Variant variant, int pliesBefore) {
        return wireType(e.type()).map(type -> build(type, e, variant, pliesBefore));
    }

    /** How the wire numbers a game that starts from {@code start}: with black to move, ply 1 is taken. */
    public static int plyOffset(Position start) {
        return start.sideToMove() == Color.BLACK ? 1 : 0;
    }

    private static GameEvent build(EventType type, ArbiterEvent e, Variant variant, int plyOffset) {
        GameEvent.Builder b = GameEvent.newBuilder()
                .setType(type)
                .setPly(e.ply() == 0 ? 0 : e.ply() + plyOffset)
                .setCaptureTimeMs(e.t());
        if (e.subtype() != null) b.setSubtype(IllegalSubtype.valueOf(e.subtype().name()));
        if (e.side() != null) b.setSide(side(e.side()));
        for (int sq : e.squares()) b.addSquares(sq);
        if (e.text() != null) b.setText(e.text());
        if (e.move() != null) {
            b.setMove(move(e.move()));
            b.setNotation(e.before() != null ? Notation.of(e.before(), e.move(), variant) : Notation.longForm(e.move()));
        }
        if (e.after() != null) b.setFen(Fen.write(e.after()));
        if (e.clock() != null) b.setClock(clock(e.clock()));
        return b.build();
    }

    static MoveData move(Move m) {
        MoveData.Builder b = MoveData.newBuilder().setFrom(m.from()).setTo(m.to());
        for (int sq : m.capturedSquares()) b.addCaptured(sq);
        for (int sq : m.path()) b.addPath(sq);
        return b.build();
    }

    private static Side side(Color c) {
        return c == Color.WHITE ? Side.WHITE : Side.BLACK;
    }

    private static Clock clock(ClockTimes t) {
        Clock.Builder b = Clock.newBuilder();
        if (t.white() != null) b.setWhiteMs((int) Math.min(Integer.MAX_VALUE, Math.max(0, t.white().toMillis())));
        if (t.black() != null) b.setBlackMs((int) Math.min(Integer.MAX_VALUE, Math.max(0, t.black().toMillis())));
        return b.build();
    }
}
