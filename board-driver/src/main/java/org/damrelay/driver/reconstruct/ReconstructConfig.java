package org.damrelay.driver.reconstruct;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.game.DrawRules;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * Settings of one board's reconstruction: the competition's {@link GameSettings} (variant,
 * draw-rule set, time control with its increment kind and move quota) and how to read the board.
 * Windows are in capture-clock milliseconds. This is the one entry point the pairings (through the
 * relay's assignment), the command-line flags and the tests configure.
 *
 * @param settings     the rules the game is played under; they come from the pairings, or the flags
 * @param start        the position the game starts from (the start position, or an adjourned game / problem)
 * @param orientation  how the board lies, or null to detect it from the starting position
 * @param whiteOnRight which clock side is white, or null to learn it from the first press after white's first move
 * @param settleMs     how long the board must stay unchanged before a move is committed without a clock press
 * @param pressGraceMs after a press, how long to wait for the last field reports of the move (a scan is 200-250 ms)
 * @param irregularMs  how long the board must stay unchanged before a state no legal move explains is reported
 * @param heldMs       after a press, how long pieces may stay off the board (in a hand) before that is judged
 * @param touchMinMs   a piece lifted for less than this is sensor flicker, not a touch or a displacement
 * @param joinMidGame  when the board never shows the start position, take the first settled position
 *                     as the game's (a standalone driver started after the game began)
 * @param startCounts  an adjourned game: the draw counts already running in {@code start} (moves counted, by rule)
 * @param clockPace    clock time per capture time: 1 for a real board; the emulator's speed for a board played
 *                     faster than life, whose clock runs that much faster than the capture clock
 */
public record ReconstructConfig(GameSettings settings, Position start, Orientation orientation, Boolean whiteOnRight,
                                long settleMs, long pressGraceMs, long irregularMs, long heldMs, long touchMinMs,
                                boolean joinMidGame, Map<DrawRule, Integer> startCounts, double clockPace) {

    public ReconstructConfig {
        startCounts = Map.copyOf(startCounts);
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(start, "start");
        if (!(clockPace >= 1)) throw new IllegalArgumentException("clock pace must be at least 1, not " + clockPace);
        if (settleMs <= 0 || pressGraceMs < 0 || irregularMs < settleMs || heldMs < irregularMs) {
            throw new IllegalArgumentException("windows must satisfy settle > 0, grace >= 0, held >= irregular >= settle");
        }
    }

    /** Defaults tuned to a 200-250 ms scan: commit 450 ms after the last change, or at once on a press. */
    public static ReconstructConfig defaults(Variant variant) {
        return of(GameSettings.of(variant));
    }

    /** The defaults under a competition's settings. */
    public static ReconstructConfig of(GameSettings settings) {
        return new ReconstructConfig(settings, Position.start(), null, null, 450, 300, 3000, 10_000, 300, false, Map.of(), 1);
    }

    public Variant variant() {
        return settings.variant();
    }

    /** The time control to check the clock against, or null when it is not checked. */
    public TimeControl timeControl() {
        return settings.timeControl();
    }

    public ReconstructConfig withSettings(GameSettings s) {
        return new ReconstructConfig(s, start, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, joinMidGame, startCounts, clockPace);
    }

    public ReconstructConfig withDrawRules(DrawRules rules) {
        return withSettings(settings.withDrawRules(rules));
    }

    public ReconstructConfig withTimeControl(TimeControl tc) {
        return withSettings(settings.withTimeControl(tc));
    }

    /** A single period with a Fischer increment. */
    public ReconstructConfig withTimeControl(Duration base, Duration increment) {
        return withTimeControl(TimeControl.of(base, increment));
    }

    public ReconstructConfig withStart(Position p) {
        return new ReconstructConfig(settings, p, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, joinMidGame, startCounts, clockPace);
    }

    public ReconstructConfig withOrientation(Orientation o) {
        return new ReconstructConfig(settings, start, o, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, joinMidGame, startCounts, clockPace);
    }

    public ReconstructConfig withWhiteOnRight(Boolean right) {
        return new ReconstructConfig(settings, start, orientation, right, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, joinMidGame, startCounts, clockPace);
    }

    public ReconstructConfig withSettleMs(long ms) {
        return new ReconstructConfig(settings, start, orientation, whiteOnRight, ms, pressGraceMs, Math.max(irregularMs, ms), heldMs, touchMinMs, joinMidGame, startCounts, clockPace);
    }

    /** An adjourned game: the counts running at the start position (checked when the game is built). */
    public ReconstructConfig withStartCounts(Map<DrawRule, Integer> counts) {
        return new ReconstructConfig(settings, start, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs,
                joinMidGame, counts, clockPace);
    }

    /** The game before its first ply: the settings, the start position and the counts already running there. */
    public Game startGame() {
        return Game.from(start, settings, startCounts);
    }

    public ReconstructConfig withJoinMidGame(boolean join) {
        return new ReconstructConfig(settings, start, orientation, whiteOnRight, settleMs, pressGraceMs, irregularMs, heldMs, touchMinMs, join, startCounts, clockPace);
    }

    /**
     * For a board played {@code speed} times faster than life (the emulator's accelerated pace):
     * every waiting window shrinks by that factor, as the hand's timings do, and the clock runs that
     * much faster than the capture clock (so its increments are checked in clock time).
     */
    public ReconstructConfig paced(double speed) {
        if (!(speed >= 1)) throw new IllegalArgumentException("pace must be at least 1, not " + speed);
        return new ReconstructConfig(settings, start, orientation, whiteOnRight, Math.max(1, (long) (settleMs / speed)),
                (long) (pressGraceMs / speed), Math.max(1, (long) (irregularMs / speed)), Math.max(1, (long) (heldMs / speed)),
                (long) (touchMinMs / speed), joinMidGame, startCounts, speed);
    }
}
