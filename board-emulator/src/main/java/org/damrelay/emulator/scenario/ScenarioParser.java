package org.damrelay.emulator.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Squares;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.board.Sensed;
import org.damrelay.emulator.ClockSetting;
import org.damrelay.emulator.PlyPlan;

/**
 * Reads the scenario format: one step per line, {@code #} starts a comment. The whole file is
 * checked before anything is played; the first bad line is reported by number.
 */
public final class ScenarioParser {

    /** The format, as {@code emulate --help} and docs/emulator.md show it. */
    public static final String FORMAT = """
            Scenario format: one step per line; '#' starts a comment; squares are 1-50.
              start FEN                 start position (first step only; default the initial position)
              variant frisian           whose rules decide which written moves are legal (default international)
              clock BASE INC [bronstein] the clock's setting before any step: BASE as h:mm:ss, m:ss or
                                        seconds, INC in seconds; Fischer unless 'bronstein'
              move 32-28 [mods]         a ply by hand; 28x19 or 28x19x10 for captures. A legal move of
                                        the side to move is played as it is; anything else is played
                                        physically (irregular), taking the pieces it jumps.
                mods: remove 23,19      take these pieces off instead of the captured ones
                      nocrown | crown-after-clock | crown-after-reply
                      nopress | press-early | press-late | press-twice
                      steps | drag | slide | hold MS | light-square | fast
                      reverse | criss-cross | capture-first | remove-late | uncrown-first
                      by white|black    who presses the clock (default: the side to move)
                      after MS          the mover thinks MS before this ply (from the previous
                                        ply's last action: its press, or its last piece)
              takeback                  the last move is taken back on the board
              lift 33 / put 33 [w|b|W|B] a hand lifts a piece / puts down what it holds (or the piece given)
              remove 19[,23]            pieces taken off for good
              crown 3 / uncrown 3       a crown put on / taken off
              press [white|black]       a clock press (default: the side that moved last)
              wait 2000                 time passes (ms)
              knock 27 [MS]             a piece knocked over, unseen for MS (default 800), set up again
              flicker 27 [MS]           an off-centre piece flickers for MS (default 2000)
              unknown 27                the square reads an unknown piece code for one scan
              turn [quarter]            the board is turned round under the position (the pieces set up
                                        again where they stood); 'quarter': it lies wrong, pieces on light fields
              unplug [MS]               the cable is pulled and plugged in again after MS (default 3000)
            """;

    private ScenarioParser() {}

    public static Scenario parse(String text) {
        Position start = Position.start();
        ClockSetting clock = null;
        Variant variant = null;
        List<Step> steps = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            line = line.strip();
            if (line.isEmpty()) continue;
            String[] w = line.split("\\s+");
            try {
                if (w[0].equals("start")) {
                    if (!steps.isEmpty()) throw new ScenarioException(n, "'start' must come before every other step");
                    if (w.length < 2) throw new ScenarioException(n, "'start' needs a FEN");
                    start = Fen.parse(line.substring(5).strip());
                    continue;
                }
                if (w[0].equals("variant")) {
                    if (!steps.isEmpty()) throw new ScenarioException(n, "'variant' must come before every step");
                    arity(n, w, 1, 1);
                    try {
                        variant = Variant.valueOf(w[1].toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw new ScenarioException(n, "unknown variant \"" + w[1] + "\" (international, frisian)");
                    }
                    continue;
                }
                if (w[0].equals("clock")) {
                    if (!steps.isEmpty()) throw new ScenarioException(n, "'clock' must come before every step");
                    arity(n, w, 2, 3);
                    if (w.length == 4 && !w[3].equals("bronstein") && !w[3].equals("fischer")) {
                        throw new ScenarioException(n, "clock mode \"" + w[3] + "\" is not fischer or bronstein");
                    }
                    clock = ClockSetting.parse(w[1] + "+" + w[2], w.length == 4 && w[3].equals("bronstein"));
                    continue;
                }
                steps.add(step(n, w));
            } catch (ScenarioException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new ScenarioException(n, e.getMessage() + " in \"" + lines[i].strip() + "\"");
            }
        }
        return new Scenario(start, variant, clock, steps);
    }

    private static Step step(int n, String[] w) {
        return switch (w[0]) {
            case "move" -> move(n, w);
            case "takeback" -> { arity(n, w, 0, 0); yield new Step.Takeback(n); }
            case "lift" -> { arity(n, w, 1, 1); yield new Step.Lift(n, square(n, w[1])); }
            case "put" -> { arity(n, w, 1, 2); yield new Step.Put(n, square(n, w[1]), w.length > 2 ? piece(n, w[2]) : null); }
            case "remove" -> { arity(n, w, 1, 1); yield new Step.Remove(n, squares(n, w[1])); }
            case "crown", "uncrown" -> { arity(n, w, 1, 1); yield new Step.Crown(n, square(n, w[1]), w[0].equals("crown")); }
            case "press" -> { arity(n, w, 0, 1); yield new Step.Press(n, w.length > 1 ? color(n, w[1]) : null); }
            case "wait" -> { arity(n, w, 1, 1); yield new Step.Wait(n, millis(n, w[1])); }
            case "knock" -> { arity(n, w, 1, 2); yield new Step.Knock(n, square(n, w[1]), w.length > 2 ? millis(n, w[2]) : 800); }
            case "flicker" -> { arity(n, w, 1, 2); yield new Step.Flicker(n, square(n, w[1]), w.length > 2 ? millis(n, w[2]) : 2000); }
            case "unknown" -> { arity(n, w, 1, 1); yield new Step.UnknownCode(n, square(n, w[1])); }
            case "turn" -> {
                arity(n, w, 0, 1);
                if (w.length == 1 || w[1].equals("board")) yield new Step.Turn(n, 2);
                if (w[1].equals("quarter")) yield new Step.Turn(n, 1);
                throw new ScenarioException(n, "'turn' takes 'board' (half a turn) or 'quarter', not \"" + w[1] + "\"");
            }
            case "unplug" -> { arity(n, w, 0, 1); yield new Step.Unplug(n, w.length > 1 ? millis(n, w[1]) : 3000); }
            default -> throw new ScenarioException(n, "unknown step \"" + w[0] + "\" (see the format in emulate --help)");
        };
    }

    private static Step move(int n, String[] w) {
        if (w.length < 2) throw new ScenarioException(n, "'move' needs a move such as 32-28 or 28x19");
        String m = w[1];
        boolean capture = m.contains("x");
        String[] parts = m.split(capture ? "x" : "-", -1);
        if (parts.length < 2 || (!capture && parts.length != 2) || (capture && m.contains("-"))) {
            throw new ScenarioException(n, "\"" + m + "\" is not a move (32-28, 28x19 or 28x19x10)");
        }
        List<Integer> squares = Arrays.stream(parts).map(p -> square(n, p)).toList();
        PlyPlan plan = PlyPlan.clean();
        Color by = null;
        Long thinkMs = null;
        for (int i = 2; i < w.length; i++) {
            String mod = w[i];
            switch (mod) {
                case "remove" -> plan = plan.withRemoveOverride(squares(n, arg(n, w, ++i, "remove")));
                case "nocrown" -> plan = plan.withCrowning(PlyPlan.Crowning.NEVER);
                case "crown-after-clock" -> plan = plan.withCrowning(PlyPlan.Crowning.AFTER_CLOCK);
                case "crown-after-reply" -> plan = plan.withCrowning(PlyPlan.Crowning.AFTER_REPLY);
                case "nopress" -> plan = plan.withPress(PlyPlan.Press.NEVER);
                case "press-early" -> plan = plan.withPress(PlyPlan.Press.EARLY);
                case "press-late" -> plan = plan.withPress(PlyPlan.Press.LATE);
                case "press-twice" -> plan = plan.withPress(PlyPlan.Press.TWICE);
                case "steps" -> plan = plan.withSteps(true);
                case "drag" -> plan = plan.withDrag(true);
                case "slide" -> plan = plan.withSlide(true);
                case "hold" -> plan = plan.withHold(millis(n, arg(n, w, ++i, "hold")));
                case "light-square" -> plan = plan.withLightSquare(true);
                case "fast" -> plan = plan.withFast(true);
                case "reverse" -> plan = plan.withRemoval(PlyPlan.Removal.REVERSE);
                case "criss-cross" -> plan = plan.withRemoval(PlyPlan.Removal.CRISS_CROSS);
                case "capture-first" -> plan = plan.withRemoval(PlyPlan.Removal.FIRST);
                case "remove-late" -> plan = plan.withRemoveLate(true);
                case "uncrown-first" -> plan = plan.withUncrownFirst(true);
                case "by" -> by = color(n, arg(n, w, ++i, "by"));
                case "after" -> thinkMs = millis(n, arg(n, w, ++i, "after"));
                default -> throw new ScenarioException(n, "unknown move modifier \"" + mod + "\"");
            }
        }
        return new Step.MovePly(n, squares, capture, plan, by, thinkMs);
    }

    private static String arg(int n, String[] w, int i, String what) {
        if (i >= w.length) throw new ScenarioException(n, "'" + what + "' needs a value");
        return w[i];
    }

    private static void arity(int n, String[] w, int min, int max) {
        int args = w.length - 1;
        if (args < min || args > max) {
            throw new ScenarioException(n, "'" + w[0] + "' takes " + (min == max ? String.valueOf(min) : min + " to " + max)
                    + " argument" + (max == 1 ? "" : "s") + ", got " + args);
        }
    }

    private static int square(int n, String s) {
        int v;
        try {
            v = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ScenarioException(n, "\"" + s + "\" is not a square number");
        }
        if (!Squares.isValid(v)) throw new ScenarioException(n, "square " + v + " is not on the board (1-50)");
        return v;
    }

    private static List<Integer> squares(int n, String s) {
        return Arrays.stream(s.split(",")).map(x -> square(n, x)).toList();
    }

    private static long millis(int n, String s) {
        try {
            long v = Long.parseLong(s);
            if (v < 0 || v > 3_600_000) throw new ScenarioException(n, "time " + v + " ms out of range (0-3600000)");
            return v;
        } catch (NumberFormatException e) {
            throw new ScenarioException(n, "\"" + s + "\" is not a time in ms");
        }
    }

    private static Color color(int n, String s) {
        return switch (s) {
            case "white" -> Color.WHITE;
            case "black" -> Color.BLACK;
            default -> throw new ScenarioException(n, "\"" + s + "\" is not a side (white or black)");
        };
    }

    private static Sensed piece(int n, String s) {
        return switch (s) {
            case "w" -> Sensed.WHITE_MAN;
            case "b" -> Sensed.BLACK_MAN;
            case "W" -> Sensed.WHITE_KING;
            case "B" -> Sensed.BLACK_KING;
            default -> throw new ScenarioException(n, "\"" + s + "\" is not a piece (w, b, W, B)");
        };
    }
}
