package org.damrelay.driver.arbiter;

import org.damrelay.draughts.rules.Color;

/**
 * The clock's own figures behind a CLOCK_MISMATCH of a press, so the arbiter can judge it: after
 * {@code side}'s move {@code move} the clock gave back {@code backSeconds}, where the time control
 * ({@code timeControl}, the PDN tag, {@code bronstein} for its increment kind) gives
 * {@code expectedSeconds}.
 */
public record ClockCheck(int move, Color side, long backSeconds, long expectedSeconds, String timeControl, boolean bronstein) {}
