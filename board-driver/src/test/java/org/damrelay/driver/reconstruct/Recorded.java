package org.damrelay.driver.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;
import org.damrelay.driver.arbiter.IllegalKind;
import org.damrelay.driver.replay.ReplayLog;

/** A reconstructor with its events recorded, and the assertions the tests share. */
final class Recorded {
    final List<ArbiterEvent> events = new ArrayList<>();
    final Reconstructor reconstructor;
    final BoardHand hand;

    Recorded(ReconstructConfig config, Orientation lies) {
        reconstructor = new Reconstructor(config, ReplayLog.tee(events::add));
        hand = new BoardHand(reconstructor, lies);
        hand.setup(config.start());
    }

    static Recorded start() {
        return new Recorded(ReconstructConfig.defaults(Variant.INTERNATIONAL), Orientation.NORMAL);
    }

    static Recorded from(String fen) {
        return new Recorded(ReconstructConfig.defaults(Variant.INTERNATIONAL).withStart(TestPositions.of(fen)), Orientation.NORMAL);
    }

    Position position() {
        return reconstructor.position();
    }

    /** The events as "TYPE[.SUBTYPE] ply detail" strings, moves by their notation. */
    List<String> summary() {
        return events.stream().map(Recorded::summary).collect(Collectors.toList());
    }

    static String summary(ArbiterEvent e) {
        String s = e.type() + (e.subtype() != null ? "." + e.subtype() : "") + " " + e.ply();
        return e.move() != null && e.type() != EventType.MOVE_RETRACTED ? s + " " + e.move() : s;
    }

    List<String> moves() {
        return events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> e.move().toString()).collect(Collectors.toList());
    }

    ArbiterEvent only(EventType type) {
        List<ArbiterEvent> found = events.stream().filter(e -> e.type() == type).collect(Collectors.toList());
        if (found.size() != 1) fail("expected one " + type + " in " + summary());
        return found.get(0);
    }

    ArbiterEvent illegal(IllegalKind kind) {
        return events.stream().filter(e -> e.subtype() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no ILLEGAL_MOVE." + kind + " in " + summary()));
    }

    void assertNone(EventType... types) {
        for (EventType t : types) {
            if (events.stream().anyMatch(e -> e.type() == t)) fail("unexpected " + t + " in " + summary());
        }
    }

    void assertSummary(String... expected) {
        assertEquals(List.of(expected), summary());
    }
}
