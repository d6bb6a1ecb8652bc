package org.damrelay.driver.arbiter;

import java.time.Duration;

/** Both players' remaining times at an event, by colour (null when the clock side is not yet known). */
public record ClockTimes(Duration white, Duration black) {}
