package org.damrelay.emulator.scenario;

import java.util.List;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.emulator.ClockSetting;

/**
 * A scripted piece of play: a start position, the variant whose rules decide which written moves
 * are legal (null: the runner's), the clock's setting (null: the emulator's), and the steps, in order. See docs/emulator.md for the format.
 */
public record Scenario(Position start, Variant variant, ClockSetting clock,
                       List<Step> steps) {
    public Scenario {
        steps = List.copyOf(steps);
    }
}
