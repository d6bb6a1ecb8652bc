package org.damrelay.driver.emulator.scenario;

import java.util.List;
import org.damrelay.draughts.rules.Position;

/**
 * A scripted piece of play: a start position, the clock's setting (null: the emulator's), and the
 * steps, in order. See docs/emulator.md for the format.
 */
public record Scenario(Position start, ClockSetting clock, List<Step> steps) {
    public Scenario {
        steps = List.copyOf(steps);
    }

    /** Each player's starting time and the increment; Bronstein instead of Fischer to stage a wrong setting. */
    public record ClockSetting(java.time.Duration base, java.time.Duration increment, boolean bronstein) {}
}
