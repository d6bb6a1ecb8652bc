package org.damrelay.driver.board;

import java.time.Duration;

/**
 * One reading of the clock attached to a board (BWTIME). Sides are the clock's left and right as
 * seen from the board's connector; which one is white is learned or configured, not assumed.
 *
 * @param left          the left player's remaining time
 * @param right         the right player's remaining time
 * @param leftFlag      the left player's flag has fallen
 * @param rightFlag     the right player's flag has fallen
 * @param running       the clock is running
 * @param rightLeverHigh the lever is high on the right side (so the right player's clock is stopped
 *                      and the left one runs): a lever change is a clock press
 * @param clockPresent  false when the board reports no clock connected
 */
public record ClockReading(Duration left, Duration right, boolean leftFlag, boolean rightFlag,
                           boolean running, boolean rightLeverHigh, boolean clockPresent) {}
