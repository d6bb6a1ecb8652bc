package org.damrelay.driver.reconstruct;

import java.time.Duration;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * Settings of one board's reconstruction. Windows are in capture-clock milliseconds.
 *
 * @param variant         the rules
 * @param start           the position the game starts from (the start position, or an adjourned game / problem)
 * @param orientation     how the board lies, or null to detect it from the starting position
 * @param whiteOnRight    which clock side is white, or null to learn it from the first press after white's first move
 * @param settleMs        how long the board must stay unchanged before a move is committed without a clock press
 * @param pressGraceMs    after a press, how long to wait for the last field reports of the move (a scan is 200-250 ms)
 * @param irregularMs     how long the board must stay unchanged before a state no legal move explains is reported
 * @param heldMs          after a press, how long pieces may stay off the board (in a hand) before that is judged
 * @param touchMinMs      a piece lifted for less than this is sensor flicker, not a touch or a displacement
 * @param timeControl     the configured base time, or null when the clock is not checked
 * @param increment       the configured Fischer increment (with timeControl)
 */
public record ReconstructConfig(Variant variant, Position start, Orientation orientation, Boolean whiteOnRight,
                                long settleMs, long pressGraceMs, long irregularMs, long heldMs, long touchMinMs,
                                Duration timeControl, Duration increment) {

    public ReconstructConfig {
        if (variant == null || start == null) throw new IllegalArgumentException("variant and start position are required");
        if (settleMs <= 0 || pressGraceMs < 0 || irregularMs < settleMs || heldMs < irregularMs) {
            throw new IllegalArgumentException("windows must satisfy settle > 0, grace >= 0, held >= irregular >= settle");
        }
    }

    /** Defaults tuned to a 200-250 ms scan: commit 450 ms after the last change, or at once on a press. */
    public static ReconstructConfig defaults(Variant variant) {
        return new ReconstructConfig(variant, Position.start(), null, null, 450, 300, 3000, 10_000, 300, null, null);
    }

    public ReconstructConfig withStart(Position p) {
        return new ReconstructConfig(variant, p, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, timeControl, increment);
    }

    public ReconstructConfig withOrientation(Orientation o) {
        return new ReconstructConfig(variant, start, o, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, timeControl, increment);
    }

    public ReconstructConfig withWhiteOnRight(Boolean right) {
        return new ReconstructConfig(variant, start, orientation, right, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, timeControl, increment);
    }

    public ReconstructConfig withSettleMs(long ms) {
        return new ReconstructConfig(variant, start, orientation, whiteOnRight, ms, pressGraceMs, Math.max(irregularMs, ms), heldMs, touchMinMs, timeControl, increment);
    }

    public ReconstructConfig withTimeControl(Duration base, Duration inc) {
        return new ReconstructConfig(variant, start, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, base, inc);
    }

    /**
     * For a board played {@code speed} times faster than life (the emulator's accelerated pace):
     * every waiting window shrinks by that factor, as the hand's timings do.
     */
    public ReconstructConfig paced(double speed) {
        if (!(speed >= 1)) throw new IllegalArgumentException("pace must be at least 1, not " + speed);
        return new ReconstructConfig(variant, start, orientation, whiteOnRight, Math.max(1, (long) (settleMs / speed)),
                (long) (pressGraceMs / speed), Math.max(1, (long) (irregularMs / speed)), Math.max(1, (long) (heldMs / speed)),
                (long) (touchMinMs / speed), timeControl, increment);
    }

    Color firstMover() {
        return start.sideToMove();
    }
}
