package org.damrelay.driver.arbiter;

import java.time.Duration;
import org.damrelay.draughts.rules.Color;

/**
 * Both players' remaining times at an event, by colour (null when the clock side is not yet known),
 * and whose clock runs (null when the clock is stopped or that is not known).
 */
public record ClockTimes(Duration white, Duration black, Color running) {
    public ClockTimes(Duration white, Duration black) {
        this(white, black, null);
    }
}
