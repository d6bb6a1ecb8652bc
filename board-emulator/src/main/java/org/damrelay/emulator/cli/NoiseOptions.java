package org.damrelay.emulator.cli;

import java.util.EnumMap;
import java.util.Map;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.NoiseSource;
import picocli.CommandLine.Option;

/** One {@code --noise-<source> LEVEL} switch per noise source, over the chosen preset. */
public final class NoiseOptions {
    private final Map<NoiseSource, Double> overrides = new EnumMap<>(NoiseSource.class);

    @Option(names = "--noise", paramLabel = "PRESET", defaultValue = "default",
            description = "none, default (realistic, mild) or heavy (every legal-game-preserving noise, high). Default: ${DEFAULT-VALUE}")
    String preset;

    private void set(NoiseSource source, double level) {
        if (!(level >= 0 && level <= 1)) {
            throw new IllegalArgumentException("--noise-" + source.key() + " must be a level in [0, 1], not " + level);
        }
        overrides.put(source, level);
    }

    /** The preset with the switches applied. */
    public NoiseProfile profile() {
        NoiseProfile p = NoiseProfile.preset(preset);
        for (Map.Entry<NoiseSource, Double> e : overrides.entrySet()) p = p.with(e.getKey(), e.getValue());
        return p;
    }

    @Option(names = "--noise-slide", paramLabel = "LEVEL", description = "a piece slid across: the destination is seen before the origin is emptied (per ply); default 0.3, heavy 0.9")
    void slide(double level) { set(NoiseSource.SLIDE, level); }

    @Option(names = "--noise-hold", paramLabel = "LEVEL", description = "the piece is held in the hand 0.8-3 s before it is put down (per ply); default 0.05, heavy 0.4")
    void hold(double level) { set(NoiseSource.HOLD, level); }

    @Option(names = "--noise-drag", paramLabel = "LEVEL", description = "a king dragged along its diagonal is seen on each empty square it passes (per king ply); default 0.5, heavy 0.9")
    void drag(double level) { set(NoiseSource.DRAG, level); }

    @Option(names = "--noise-steps", paramLabel = "LEVEL", description = "a multi-capture is put down on each landing square, else moved straight to the end (per capture); default 0.5, heavy 0.8")
    void steps(double level) { set(NoiseSource.STEPS, level); }

    @Option(names = "--noise-reverse", paramLabel = "LEVEL", description = "captured pieces taken off in reverse order (per capture of 2+); default 0.25, heavy 0.4")
    void reverse(double level) { set(NoiseSource.REVERSE, level); }

    @Option(names = "--noise-criss-cross", paramLabel = "LEVEL", description = "captured pieces (3+) taken off criss-cross; arbiter information CAPTURE_EXECUTION (per capture); default 0.02, heavy 0.3")
    void crissCross(double level) { set(NoiseSource.CRISS_CROSS, level); }

    @Option(names = "--noise-capture-first", paramLabel = "LEVEL", description = "single capture by a man: the captured piece is taken off first (per capture); default 0.2, heavy 0.4")
    void captureFirst(double level) { set(NoiseSource.CAPTURE_FIRST, level); }

    @Option(names = "--noise-late-removal", paramLabel = "LEVEL", description = "captured pieces taken off after the clock press; INCOMPLETE_MOVE (per capture); default 0.02, heavy 0.2")
    void lateRemoval(double level) { set(NoiseSource.LATE_REMOVAL, level); }

    @Option(names = "--noise-uncrown-first", paramLabel = "LEVEL", description = "the crown of a captured king is taken off before its disk (per captured king); default 0.5, heavy 0.8")
    void uncrownFirst(double level) { set(NoiseSource.UNCROWN_FIRST, level); }

    @Option(names = "--noise-crown-after-clock", paramLabel = "LEVEL", description = "a promotion is crowned after the clock press (per promotion); default 0.2, heavy 0.4")
    void crownAfterClock(double level) { set(NoiseSource.CROWN_AFTER_CLOCK, level); }

    @Option(names = "--noise-crown-after-reply", paramLabel = "LEVEL", description = "a promotion is crowned only after the opponent's reply (per promotion); default 0.03, heavy 0.3")
    void crownAfterReply(double level) { set(NoiseSource.CROWN_AFTER_REPLY, level); }

    @Option(names = "--noise-crown-falls", paramLabel = "LEVEL", description = "a crown falls off a king and is put back 1-4 s later (per gap with kings); default 0.003, heavy 0.05")
    void crownFalls(double level) { set(NoiseSource.CROWN_FALLS, level); }

    @Option(names = "--noise-adjust", paramLabel = "LEVEL", description = "a piece of the side to move is lifted and put back (per gap); default 0.03, heavy 0.3")
    void adjust(double level) { set(NoiseSource.ADJUST, level); }

    @Option(names = "--noise-hover", paramLabel = "LEVEL", description = "a piece is held over a neighbouring square, then put back before the real move (per gap); default 0.02, heavy 0.3")
    void hover(double level) { set(NoiseSource.HOVER, level); }

    @Option(names = "--noise-knock", paramLabel = "LEVEL", description = "a piece is knocked over (unseen 0.3-1.5 s) and set up again (per gap); default 0.005, heavy 0.1")
    void knock(double level) { set(NoiseSource.KNOCK, level); }

    @Option(names = "--noise-flicker", paramLabel = "LEVEL", description = "an off-centre piece flickers empty/occupied for 1-3 s (per gap); default 0.01, heavy 0.2")
    void flicker(double level) { set(NoiseSource.FLICKER, level); }

    @Option(names = "--noise-unknown-code", paramLabel = "LEVEL", description = "a field reads an unknown piece code for one scan (per gap); default 0.005, heavy 0.1")
    void unknownCode(double level) { set(NoiseSource.UNKNOWN_CODE, level); }

    @Option(names = "--noise-light-square", paramLabel = "LEVEL", description = "a moving piece is read for one scan on a light square it passes (per ply); default 0.01, heavy 0.2")
    void lightSquare(double level) { set(NoiseSource.LIGHT_SQUARE, level); }

    @Option(names = "--noise-fast-plies", paramLabel = "LEVEL", description = "the reply follows within one scan window (per quiet reply); default 0.01, heavy 0.1")
    void fastPlies(double level) { set(NoiseSource.FAST_PLIES, level); }

    @Option(names = "--noise-late-press", paramLabel = "LEVEL", description = "the clock is pressed 1.5-4 s after the move (per ply); default 0.05, heavy 0.3")
    void latePress(double level) { set(NoiseSource.LATE_PRESS, level); }

    @Option(names = "--noise-double-press", paramLabel = "LEVEL", description = "the clock is pressed twice (per ply); default 0.02, heavy 0.2")
    void doublePress(double level) { set(NoiseSource.DOUBLE_PRESS, level); }

    @Option(names = "--noise-early-press", paramLabel = "LEVEL", description = "the clock is pressed before the move is complete; INCOMPLETE_MOVE (per ply); default 0.01, heavy 0.1")
    void earlyPress(double level) { set(NoiseSource.EARLY_PRESS, level); }

    @Option(names = "--noise-no-press", paramLabel = "LEVEL", description = "the clock is not pressed at all (per ply); default 0.01, heavy 0.1")
    void noPress(double level) { set(NoiseSource.NO_PRESS, level); }

    @Option(names = "--noise-drop-byte", paramLabel = "LEVEL", description = "a byte of a board message is lost on the line (per message, protocol speaker); default 0.0, heavy 0.002")
    void dropByte(double level) { set(NoiseSource.DROP_BYTE, level); }

    @Option(names = "--noise-corrupt-byte", paramLabel = "LEVEL", description = "a byte of a board message arrives with its high bit set (per message, protocol speaker); default 0.0, heavy 0.002")
    void corruptByte(double level) { set(NoiseSource.CORRUPT_BYTE, level); }

    @Option(names = "--noise-unplug", paramLabel = "LEVEL", description = "the cable is pulled and plugged in again 1-5 s later, under a new port name (per gap); default 0.0, heavy 0.01")
    void unplug(double level) { set(NoiseSource.UNPLUG, level); }
}
