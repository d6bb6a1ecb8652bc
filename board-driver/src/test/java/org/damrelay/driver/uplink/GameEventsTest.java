package org.damrelay.driver.uplink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.ClockTimes;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.IllegalSubtype;
import org.damrelay.proto.Side;
import org.junit.jupiter.api.Test;

class GameEventsTest {

    @Test
    void aMoveCarriesMoveNotationFenAndClock() {
        Position start = Position.start();
        Move m = Variant.INTERNATIONAL.legalMoves(start).stream()
                .filter(x -> x.from() == 32 && x.to() == 28).findFirst().orElseThrow();
        Position after = start.apply(m);
        ArbiterEvent e = new ArbiterEvent(EventType.MOVE, null, 1, Color.WHITE, 1234, List.of(32, 28), "32-28",
                m, start, after, new ClockTimes(Duration.ofMinutes(80), Duration.ofSeconds(4799), Color.BLACK));
        GameEvent g = GameEvents.toProto(e, Variant.INTERNATIONAL);
        assertEquals(org.damrelay.proto.EventType.MOVE, g.getType());
        assertEquals(1, g.getPly());
        assertEquals(Side.WHITE, g.getSide());
        assertEquals(1234, g.getCaptureTimeMs());
        assertEquals(32, g.getMove().getFrom());
        assertEquals(28, g.getMove().getTo());
        assertEquals(List.of(32, 28), g.getMove().getPathList());
        assertEquals("32-28", g.getNotation());
        assertEquals(Fen.write(after), g.getFen());
        assertEquals(after, Fen.parse(g.getFen()));
        assertEquals(4_800_000, g.getClock().getWhiteMs());
        assertEquals(4_799_000, g.getClock().getBlackMs());
        assertEquals(Side.BLACK, g.getClock().getRunning(), "after white's move black's clock runs: spectators see it tick");
    }

    @Test
    void anIllegalMoveKeepsItsSubtypeAndAnAlertItsSquares() {
        Position p = Fen.parse("W:W28:B23,12");
        Position after = Fen.parse("B:W22:B23,12");
        ArbiterEvent e = new ArbiterEvent(EventType.ILLEGAL_MOVE, IllegalKind.CAPTURE_MISSED, 1, Color.WHITE, 5,
                List.of(28, 22), "capture missed", Move.quiet(28, 22), p, after, null);
        GameEvent g = GameEvents.toProto(e, Variant.INTERNATIONAL);
        assertEquals(IllegalSubtype.CAPTURE_MISSED, g.getSubtype());
        assertEquals(Fen.write(after), g.getFen());
        assertEquals("28-22", g.getNotation());
        assertFalse(g.hasClock());

        GameEvent alert = GameEvents.toProto(ArbiterEvent.info(EventType.TOUCH_MOVE, 7, Color.BLACK, 9, List.of(17), "touched 17"),
                Variant.INTERNATIONAL);
        assertEquals(org.damrelay.proto.EventType.TOUCH_MOVE, alert.getType());
        assertEquals(List.of(17), alert.getSquaresList());
        assertEquals("touched 17", alert.getText());
        assertFalse(alert.hasMove());
        assertEquals("", alert.getFen());
    }

    @Test
    void inAGameSetUpWithBlackToMoveBlacksFirstMoveIsPly2OnTheWire() {
        Position start = Fen.parse("B:W31,32,33:B18,19,20");
        Move m = Move.quiet(18, 22);
        ArbiterEvent first = new ArbiterEvent(EventType.MOVE, null, 1, Color.BLACK, 10, List.of(18, 22), "18-22",
                m, start, start.apply(m), null);
        assertEquals(2, GameEvents.toProto(first, Variant.INTERNATIONAL, start).getPly());
        assertEquals(8, GameEvents.toProto(ArbiterEvent.info(EventType.TOUCH_MOVE, 7, Color.BLACK, 9, List.of(17), "touched 17"),
                Variant.INTERNATIONAL, start).getPly());
        assertEquals(0, GameEvents.toProto(ArbiterEvent.info(EventType.BOARD_DISCONNECTED, 0, null, 9, List.of(), "link lost"),
                Variant.INTERNATIONAL, start).getPly(), "0 stays: before any move");
        assertEquals(1, GameEvents.toProto(first, Variant.INTERNATIONAL, Position.start()).getPly());
    }

    /** Wire events the relay or a notation device raises (game.proto says so): no board driver sends them. */
    private static final Set<org.damrelay.proto.EventType> RAISED_BY_THE_RELAY =
            EnumSet.of(org.damrelay.proto.EventType.BOARD_BLOCKED, org.damrelay.proto.EventType.SEQUENCE_CONFLICT,
                    org.damrelay.proto.EventType.NOTATION_STOPPED);

    @Test
    void everyEventNameAndSubtypeMapsOneToOneOnTheWire() {
        // a value added on one side only fails here (and the exhaustive switches stop the build on the driver's side)
        Set<org.damrelay.proto.EventType> wire = EnumSet.noneOf(org.damrelay.proto.EventType.class);
        for (EventType t : EventType.values()) {
            org.damrelay.proto.EventType w = GameEvents.wireType(t);
            assertEquals(t.name(), w.name());
            wire.add(w);
        }
        for (org.damrelay.proto.EventType w : org.damrelay.proto.EventType.values()) {
            if (w == org.damrelay.proto.EventType.EVENT_TYPE_UNSPECIFIED || w == org.damrelay.proto.EventType.UNRECOGNIZED) continue;
            if (RAISED_BY_THE_RELAY.contains(w)) continue;
            assertTrue(wire.contains(w), w + " has no reconstruction event: add it to driver.arbiter.EventType and GameEvents");
        }
        Set<IllegalSubtype> subtypes = EnumSet.noneOf(IllegalSubtype.class);
        for (IllegalKind k : IllegalKind.values()) {
            assertEquals(k.name(), GameEvents.wireSubtype(k).name());
            subtypes.add(GameEvents.wireSubtype(k));
        }
        for (IllegalSubtype w : IllegalSubtype.values()) {
            if (w == IllegalSubtype.ILLEGAL_SUBTYPE_UNSPECIFIED || w == IllegalSubtype.UNRECOGNIZED) continue;
            assertTrue(subtypes.contains(w), w + " has no reconstruction kind");
        }
        GameEvent started = GameEvents.toProto(ArbiterEvent.info(EventType.GAME_STARTED, 0, null, 5, List.of(), "new game"),
                Variant.INTERNATIONAL);
        assertEquals(org.damrelay.proto.EventType.GAME_STARTED, started.getType());
        assertEquals("new game", started.getText());
    }

    @Test
    void aNewGameSetUpOnTheBoardGoesToTheRelayInOrder(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        try (Outbox outbox = Outbox.open(tmp)) {
            BoardFeed feed = new BoardFeed("5521", Variant.INTERNATIONAL, outbox);
            feed.onEvent(ArbiterEvent.info(EventType.GAME_STARTED, 0, null, 5, List.of(), "new game"));
            feed.onEvent(ArbiterEvent.info(EventType.TOUCH_MOVE, 3, Color.WHITE, 9, List.of(32), "touched 32"));
            assertEquals(List.of(org.damrelay.proto.EventType.GAME_STARTED, org.damrelay.proto.EventType.TOUCH_MOVE),
                    outbox.unacked().stream().map(e -> e.getEvent().getType()).toList());
            assertEquals(2, outbox.lastSeq("5521"));
        }
    }
}
