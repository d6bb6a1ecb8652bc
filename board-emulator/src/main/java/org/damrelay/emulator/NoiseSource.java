package org.damrelay.emulator;

/**
 * The switchable kinds of physical and line noise, each with its level in the two named presets.
 * A level is a probability per opportunity (a ply, a capture, a think-time gap, or a message on
 * the line, as the description says). Every source here keeps a legal game legal: the board
 * passes only through states a correct driver can see through. Irregularities (never crowned,
 * wrong pieces removed, moving twice...) are staged with scenarios, never by presets.
 */
public enum NoiseSource {
    SLIDE("slide", "a piece slid across: the destination is seen before the origin is emptied (per ply)", 0.3, 0.9),
    HOLD("hold", "the piece is held in the hand 0.8-3 s before it is put down (per ply)", 0.05, 0.4),
    DRAG("drag", "a king dragged along its diagonal is seen on each empty square it passes (per king ply)", 0.5, 0.9),
    STEPS("steps", "a multi-capture is put down on each landing square, else moved straight to the end (per capture)", 0.5, 0.8),
    REVERSE("reverse", "captured pieces taken off in reverse order (per capture of 2+)", 0.25, 0.4),
    CRISS_CROSS("criss-cross", "captured pieces (3+) taken off criss-cross; arbiter information CAPTURE_EXECUTION (per capture)", 0.02, 0.3),
    CAPTURE_FIRST("capture-first", "single capture by a man: the captured piece is taken off first (per capture)", 0.2, 0.4),
    LATE_REMOVAL("late-removal", "captured pieces taken off after the clock press; INCOMPLETE_MOVE (per capture)", 0.02, 0.2),
    UNCROWN_FIRST("uncrown-first", "the crown of a captured king is taken off before its disk (per captured king)", 0.5, 0.8),
    CROWN_AFTER_CLOCK("crown-after-clock", "a promotion is crowned after the clock press (per promotion)", 0.2, 0.4),
    CROWN_AFTER_REPLY("crown-after-reply", "a promotion is crowned only after the opponent's reply (per promotion)", 0.03, 0.3),
    CROWN_FALLS("crown-falls", "a crown falls off a king and is put back 1-4 s later (per gap with kings)", 0.003, 0.05),
    ADJUST("adjust", "a piece of the side to move is lifted and put back (per gap)", 0.03, 0.3),
    HOVER("hover", "a piece is held over a neighbouring square, then put back before the real move (per gap)", 0.02, 0.3),
    KNOCK("knock", "a piece is knocked over (unseen 0.3-1.5 s) and set up again (per gap)", 0.005, 0.1),
    FLICKER("flicker", "an off-centre piece flickers empty/occupied for 1-3 s (per gap)", 0.01, 0.2),
    UNKNOWN_CODE("unknown-code", "a field reads an unknown piece code for one scan (per gap)", 0.005, 0.1),
    LIGHT_SQUARE("light-square", "a moving piece is read for one scan on a light square it passes (per ply)", 0.01, 0.2),
    FAST_PLIES("fast-plies", "the reply follows within one scan window (per quiet reply)", 0.01, 0.1),
    LATE_PRESS("late-press", "the clock is pressed 1.5-4 s after the move (per ply)", 0.05, 0.3),
    DOUBLE_PRESS("double-press", "the clock is pressed twice (per ply)", 0.02, 0.2),
    EARLY_PRESS("early-press", "the clock is pressed before the move is complete; INCOMPLETE_MOVE (per ply)", 0.01, 0.1),
    NO_PRESS("no-press", "the clock is not pressed at all (per ply)", 0.01, 0.1),
    DROP_BYTE("drop-byte", "a byte of a board message is lost on the line (per message, protocol speaker)", 0.0, 0.002),
    CORRUPT_BYTE("corrupt-byte", "a byte of a board message arrives with its high bit set (per message, protocol speaker)", 0.0, 0.002),
    UNPLUG("unplug", "the cable is pulled and plugged in again 1-5 s later, under a new port name (per gap)", 0.0, 0.01);

    private final String key;
    private final String description;
    private final double defaultLevel;
    private final double heavyLevel;

    NoiseSource(String key, String description, double defaultLevel, double heavyLevel) {
        this.key = key;
        this.description = description;
        this.defaultLevel = defaultLevel;
        this.heavyLevel = heavyLevel;
    }

    /** The command-line name: {@code --noise-<key>}. */
    public String key() { return key; }
    public String description() { return description; }
    public double defaultLevel() { return defaultLevel; }
    public double heavyLevel() { return heavyLevel; }

    public static NoiseSource byKey(String key) {
        for (NoiseSource s : values()) if (s.key.equals(key)) return s;
        throw new IllegalArgumentException("unknown noise source \"" + key + "\"");
    }
}
