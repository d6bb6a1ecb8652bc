package org.damrelay.emulator;

import java.util.SplittableRandom;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import static org.damrelay.emulator.NoiseSource.*;

/**
 * Draws a ply's execution from the noise profile. Draws happen in a fixed order whatever the
 * levels, so one seed gives one game whatever is switched on or off.
 */
public final class NoisePlanner {
    private final NoiseProfile noise;
    private final SplittableRandom rnd;

    public NoisePlanner(NoiseProfile noise, SplittableRandom rnd) {
        this.noise = noise;
        this.rnd = rnd;
    }

    /**
     * @param fastAllowed the previous ply ended with a plain press and nothing left pending, so
     *                    this one may follow within a scan window
     */
    public PlyPlan plan(Position before, Move move, boolean fastAllowed) {
        boolean king = before.pieceAt(move.from()) != null && before.pieceAt(move.from()).isKing();
        boolean slide = noise.strikes(SLIDE, rnd);
        boolean hold = noise.strikes(HOLD, rnd);
        double holdMs = Timing.uniform(rnd, 800, 3000);
        boolean drag = noise.strikes(DRAG, rnd);
        boolean steps = noise.strikes(STEPS, rnd);
        boolean reverse = noise.strikes(REVERSE, rnd);
        boolean crissCross = noise.strikes(CRISS_CROSS, rnd);
        boolean captureFirst = noise.strikes(CAPTURE_FIRST, rnd);
        boolean lateRemoval = noise.strikes(LATE_REMOVAL, rnd);
        boolean uncrownFirst = noise.strikes(UNCROWN_FIRST, rnd);
        boolean crownAfterClock = noise.strikes(CROWN_AFTER_CLOCK, rnd);
        boolean crownAfterReply = noise.strikes(CROWN_AFTER_REPLY, rnd);
        boolean light = noise.strikes(LIGHT_SQUARE, rnd);
        boolean fast = noise.strikes(FAST_PLIES, rnd);
        boolean latePress = noise.strikes(LATE_PRESS, rnd);
        boolean doublePress = noise.strikes(DOUBLE_PRESS, rnd);
        boolean earlyPress = noise.strikes(EARLY_PRESS, rnd);
        boolean noPress = noise.strikes(NO_PRESS, rnd);

        PlyPlan plan = PlyPlan.clean();
        if (fast && fastAllowed && !move.isCapture()) {
            return plan.withFast(true); // a blitzed reply: nothing else fits in the window
        }
        plan = plan.withSlide(slide).withHold(hold ? holdMs : 0).withDrag(drag && king).withLightSquare(light);
        if (move.isCapture()) {
            plan = plan.withSteps(steps && move.path().size() > 2).withUncrownFirst(uncrownFirst);
            int n = move.captureCount();
            if (n == 1 && !king && captureFirst) plan = plan.withRemoval(PlyPlan.Removal.FIRST);
            else if (n >= 3 && crissCross) plan = plan.withRemoval(PlyPlan.Removal.CRISS_CROSS);
            else if (n >= 2 && reverse) plan = plan.withRemoval(PlyPlan.Removal.REVERSE);
            if (lateRemoval && plan.removal() != PlyPlan.Removal.FIRST) plan = plan.withRemoveLate(true);
        }
        if (crownAfterReply) plan = plan.withCrowning(PlyPlan.Crowning.AFTER_REPLY);
        else if (crownAfterClock) plan = plan.withCrowning(PlyPlan.Crowning.AFTER_CLOCK);
        if (noPress) plan = plan.withPress(PlyPlan.Press.NEVER);
        else if (earlyPress) plan = plan.withPress(PlyPlan.Press.EARLY);
        else if (latePress) plan = plan.withPress(PlyPlan.Press.LATE);
        else if (doublePress) plan = plan.withPress(PlyPlan.Press.TWICE);
        return plan;
    }

    /** Whether the ply after this one may be a blitzed reply. */
    public static boolean allowsFastReply(PlyPlan plan) {
        // Two plies in one window is blitz; three would be no human game.
        return !plan.fast() && plan.press() == PlyPlan.Press.NORMAL && !plan.removeLate() && plan.crowning() == PlyPlan.Crowning.AT_ONCE;
    }
}
