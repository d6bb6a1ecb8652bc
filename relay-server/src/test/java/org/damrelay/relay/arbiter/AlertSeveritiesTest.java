package org.damrelay.relay.arbiter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertSeverity;
import org.damrelay.proto.CandidatePath;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.junit.jupiter.api.Test;

/** Severities that mean what they say (issue 23): what the arbiter must act on, and what is for the record. */
class AlertSeveritiesTest {

    @Test
    void whatNeedsTheArbiterNeedsAction() {
        for (EventType t : List.of(EventType.ILLEGAL_MOVE, EventType.POSITION_UNKNOWN, EventType.BOARD_BLOCKED, EventType.FLAG_FALL,
                EventType.DRAW_BY_RULE, EventType.SEQUENCE_CONFLICT, EventType.NO_LEGAL_MOVES, EventType.EARLY_DRAW_AGREED,
                EventType.BOARD_ORIENTATION, EventType.GAME_STARTED, EventType.NOTATION_STOPPED, EventType.CLOCK_MISMATCH)) {
            assertEquals(AlertSeverity.ACTION_NEEDED, AlertSeverities.of(t), t.name());
            assertEquals(0, AlertSeverities.actionAfterSeconds(t), t.name());
        }
    }

    @Test
    void whatTheRoundProducesByTheDozenIsInformation() {
        for (EventType t : List.of(EventType.CLOCK_NOT_PRESSED, EventType.TOUCH_MOVE, EventType.CAPTURE_EXECUTION,
                EventType.CLOCK_PRESSED_WITHOUT_MOVE, EventType.ACCIDENTAL_DISPLACEMENT, EventType.IRREGULAR_MOVE_STANDS,
                EventType.DRAW_RULE_STARTED, EventType.BOARD_RECONNECTED, EventType.POSITION_RECOVERED, EventType.KING_CROWNED)) {
            assertEquals(AlertSeverity.INFORMATION, AlertSeverities.of(t), t.name());
        }
    }

    @Test
    void aDisconnectedBoardNeedsActionOnlyOnceItLasts() {
        Alert a = AlertSeverities.stamped(Alert.newBuilder().setAlertId(3)
                .setEvent(GameEvent.newBuilder().setType(EventType.BOARD_DISCONNECTED)).build());
        assertEquals(AlertSeverity.INFORMATION, a.getSeverity());
        assertEquals(AlertSeverities.DISCONNECTED_ACTION_AFTER_SECONDS, a.getActionAfterSeconds());
        assertEquals(3, a.getAlertId(), "the rest of the alert is kept");
    }

    @Test
    void aJoinNamingSeveralPathsWaitsForTheArbitersPick() {
        GameEvent.Builder join = GameEvent.newBuilder().setType(EventType.JOINED_MID_GAME).setFen("W:W28,31-50:B1-20");
        assertEquals(AlertSeverity.INFORMATION, AlertSeverities.of(join.build()), "one path or none: the relay recorded what it could");
        join.addPaths(CandidatePath.newBuilder().setNotation("19-24 31-27 20-25"));
        assertEquals(AlertSeverity.INFORMATION, AlertSeverities.of(join.build()), "one path is recorded as moves");
        join.addPaths(CandidatePath.newBuilder().setNotation("20-25 31-27 19-24"));
        assertEquals(AlertSeverity.ACTION_NEEDED, AlertSeverities.of(join.build()));
        Alert stamped = AlertSeverities.stamped(Alert.newBuilder().setEvent(join).build());
        assertEquals(AlertSeverity.ACTION_NEEDED, stamped.getSeverity(), "the consoles get the event's answer, not the type's");
    }

    @Test
    void aJoinNothingExplainsNeedsTheArbiter() {
        GameEvent.Builder join = GameEvent.newBuilder().setType(EventType.JOINED_MID_GAME).setFen("W:W28,31-50:B1-20");
        assertEquals(AlertSeverity.ACTION_NEEDED, AlertSeverities.of(join.setUnexplained(true).build()), "moves are missing from the record");
    }

    @Test
    void aKindNobodyClassifiedIsShownNotFiledAway() {
        assertEquals(AlertSeverity.ACTION_NEEDED, AlertSeverities.of(EventType.UNRECOGNIZED));
    }
}
