package org.damrelay.emulator;

import java.util.List;

/**
 * How the hand executes one ply: drawn from the noise profile for a game, or written out by a
 * scenario line. The default is a clean execution: lift, put, remove captured pieces in path
 * order, crown at once, press.
 *
 * @param removal     the order in which captured pieces leave the board
 * @param removeLate  captured pieces are taken off after the clock press
 * @param steps       a multi-capture is put down on each landing square
 * @param drag        a king is dragged over the empty squares it passes
 * @param slide       the piece is slid: it arrives before it leaves
 * @param holdMs      extra time the piece stays in the hand
 * @param crowning    when a promoted man gets its crown
 * @param uncrownFirst a captured king loses its crown before its disk
 * @param press       what happens at the clock
 * @param lightSquare the piece is read for one scan on a light field on its way
 * @param fast        this ply follows the previous press within one scan window
 * @param removeOverride the squares actually taken off, when they differ from the captured ones (null: as captured)
 */
public record PlyPlan(Removal removal, boolean removeLate, boolean steps, boolean drag, boolean slide, double holdMs,
                      Crowning crowning, boolean uncrownFirst, Press press, boolean lightSquare, boolean fast,
                      List<Integer> removeOverride) {

    public enum Removal { IN_ORDER, REVERSE, CRISS_CROSS, FIRST }

    public enum Crowning { AT_ONCE, AFTER_CLOCK, AFTER_REPLY, NEVER }

    public enum Press { NORMAL, LATE, TWICE, EARLY, NEVER }

    public PlyPlan {
        if (removeOverride != null) removeOverride = List.copyOf(removeOverride);
    }

    public static PlyPlan clean() {
        return new PlyPlan(Removal.IN_ORDER, false, false, false, false, 0, Crowning.AT_ONCE, false, Press.NORMAL,
                false, false, null);
    }

    public PlyPlan withRemoval(Removal r) {
        return new PlyPlan(r, removeLate, steps, drag, slide, holdMs, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withRemoveLate(boolean v) {
        return new PlyPlan(removal, v, steps, drag, slide, holdMs, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withSteps(boolean v) {
        return new PlyPlan(removal, removeLate, v, drag, slide, holdMs, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withDrag(boolean v) {
        return new PlyPlan(removal, removeLate, steps, v, slide, holdMs, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withSlide(boolean v) {
        return new PlyPlan(removal, removeLate, steps, drag, v, holdMs, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withHold(double ms) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, ms, crowning, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withCrowning(Crowning c) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, c, uncrownFirst, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withUncrownFirst(boolean v) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, crowning, v, press, lightSquare, fast, removeOverride);
    }

    public PlyPlan withPress(Press p) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, crowning, uncrownFirst, p, lightSquare, fast, removeOverride);
    }

    public PlyPlan withLightSquare(boolean v) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, crowning, uncrownFirst, press, v, fast, removeOverride);
    }

    public PlyPlan withFast(boolean v) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, crowning, uncrownFirst, press, lightSquare, v, removeOverride);
    }

    public PlyPlan withRemoveOverride(List<Integer> squares) {
        return new PlyPlan(removal, removeLate, steps, drag, slide, holdMs, crowning, uncrownFirst, press, lightSquare, fast, squares);
    }
}
