package org.damrelay.driver.board;

import java.time.Duration;

/**
 * One reading of the clock attached to a board (BWTIME). Sides are the clock's left and right as
 * seen from the board's connector; which one is white is learned or configured, not assumed.
 *
 * <p>The lever is a rocker (dgt-board.md, "Clock"): a player presses his own side down after his
 * move, which raises the other side and starts the other player's clock. So the lever is high on
 * the side whose clock runs, and the presser is the side it is low on.
 *
 * @param left           the left player's remaining time
 * @param right          the right player's remaining time
 * @param leftFlag       the left player's flag has fallen
 * @param rightFlag      the right player's flag has fallen
 * @param running        the clock is running
 * @param rightLeverHigh the lever is high on the right side (status bit 1): the left player pressed
 *                       last and the right player's clock runs; a change of it is a clock press
 * @param clockPresent   false when the board reports no clock connected
 * @param rightTurn      the clock's own turn bits (status bits 3/4): true for the right player's turn,
 *                       false for the left's, null where the clock does not send them (or sends both)
 * @param polled         read from a bus board's change log at the next poll, seconds after the press
 *                       (a time tag): its capture time is not the moment of the press
 */
public record ClockReading(Duration left, Duration right, boolean leftFlag, boolean rightFlag,
                           boolean running, boolean rightLeverHigh, boolean clockPresent, Boolean rightTurn, boolean polled) {

    /** A reading as the clock sends it, at the moment it changes, without turn bits. */
    public ClockReading(Duration left, Duration right, boolean leftFlag, boolean rightFlag,
                        boolean running, boolean rightLeverHigh, boolean clockPresent) {
        this(left, right, leftFlag, rightFlag, running, rightLeverHigh, clockPresent, null, false);
    }

    /** The side whose clock runs (or would run, while the clock is stopped): the side the lever is high on. */
    public boolean rightRunning() {
        return rightLeverHigh;
    }

    /** The turn bits contradict the lever: the clock numbers them as the other header revision does. */
    public boolean turnBitsDisagree() {
        return rightTurn != null && rightTurn != rightLeverHigh;
    }
}
