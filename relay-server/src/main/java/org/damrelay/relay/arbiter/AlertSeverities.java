package org.damrelay.relay.arbiter;

import java.util.EnumSet;
import java.util.Set;
import org.damrelay.proto.Alert;
import org.damrelay.proto.AlertSeverity;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;

/**
 * The one place that decides what an alert asks of the arbiter. Every screen shows the relay's
 * answer, so a console, the match report and a script agree. A kind nobody classified yet needs
 * action: a new alert must be seen before it can be filed away as information.
 */
public final class AlertSeverities {

    /** How long a board may be disconnected before it needs the arbiter (a USB hiccup reconnects within seconds). */
    public static final int DISCONNECTED_ACTION_AFTER_SECONDS = 60;

    /** For the record only: the board's own history; the players or the game went on as they should. */
    private static final Set<EventType> INFORMATION = EnumSet.of(
            EventType.MOVE,
            EventType.TOUCH_MOVE,              // only the opponent can claim it (6.6)
            EventType.CAPTURE_EXECUTION,       // information (6.1, manual 4.4)
            EventType.CLOCK_NOT_PRESSED,       // information (manual 4.4)
            EventType.CLOCK_PRESSED_WITHOUT_MOVE,
            EventType.ACCIDENTAL_DISPLACEMENT, // the pieces came back, no move made (6.8)
            EventType.IRREGULAR_MOVE_STANDS,   // the opponent replied: final (7.2); the ILLEGAL_MOVE before it was the action
            EventType.MOVE_REPLACED, EventType.MOVE_RETRACTED, EventType.INCOMPLETE_MOVE,
            EventType.UNCROWNED_KING,          // an uncrowned king played is the ILLEGAL_MOVE.UNCROWNED_KING_MOVED
            EventType.KING_CROWNED, EventType.POSITION_RECOVERED, EventType.BOARD_RECONNECTED,
            EventType.DRAW_RULE_STARTED,       // a count began; DRAW_BY_RULE is the action
            EventType.JOINED_MID_GAME,         // unless it names several paths: see of(GameEvent)
            EventType.BOARD_DISCONNECTED);     // until it lasts: see actionAfterSeconds

    private AlertSeverities() {}

    /**
     * Needs the arbiter: illegal moves (an uncrowned king played among them), a position no move
     * explains, a blocked board, a flag fall, a draw by rule, no legal moves, an early draw, a
     * sequence conflict, a board turned round, a new game waiting for its pairing, notation gone
     * to paper, a clock set against the time control.
     */
    public static AlertSeverity of(EventType type) {
        return INFORMATION.contains(type) ? AlertSeverity.INFORMATION : AlertSeverity.ACTION_NEEDED;
    }

    /**
     * What this alert asks: as its kind does, except a join (issue 21) that names several paths,
     * where the record waits for the arbiter to pick the one that was played, or that nothing
     * explains, where moves are missing from the record that the scoresheets must supply.
     */
    public static AlertSeverity of(GameEvent e) {
        if (e.getType() == EventType.JOINED_MID_GAME && (e.getPathsCount() > 1 || e.getUnexplained())) return AlertSeverity.ACTION_NEEDED;
        return of(e.getType());
    }

    /** Seconds after which an information alert's lasting condition needs the arbiter, 0 = never. */
    public static int actionAfterSeconds(EventType type) {
        return type == EventType.BOARD_DISCONNECTED ? DISCONNECTED_ACTION_AFTER_SECONDS : 0;
    }

    /** The alert as the arbiter's screens get it: with what it asks of them. */
    public static Alert stamped(Alert a) {
        EventType type = a.getEvent().getType();
        return a.toBuilder().setSeverity(of(a.getEvent())).setActionAfterSeconds(actionAfterSeconds(type)).build();
    }
}
