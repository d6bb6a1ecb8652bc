package org.damrelay.draughts.game;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.damrelay.draughts.rules.Variant;

/**
 * The rules a game is played under, as the competition sets them: the variant, the draw-rule set,
 * the agreed-draw / notation threshold (SWR 13.4 or 13.5), and the time control (null when the
 * clocks are not checked).
 */
public record GameSettings(Variant variant, DrawRules drawRules, AgreedDrawLimit agreedDrawLimit,
                           TimeControl timeControl) {

    public GameSettings {
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(drawRules, "drawRules");
        Objects.requireNonNull(agreedDrawLimit, "agreedDrawLimit");
        if ((variant == Variant.FRISIAN) != (drawRules == DrawRules.FRISIAN)) {
            throw new IllegalArgumentException("draw rules " + drawRules + " do not fit variant " + variant);
        }
    }

    /** Settings without a time control. */
    public GameSettings(Variant variant, DrawRules drawRules, AgreedDrawLimit agreedDrawLimit) {
        this(variant, drawRules, agreedDrawLimit, null);
    }

    /** The defaults: SWR with the 40-move limit for international, the Frisian rules for Frisian; no time control. */
    public static GameSettings of(Variant variant) {
        return variant == Variant.FRISIAN
                ? new GameSettings(variant, DrawRules.FRISIAN, AgreedDrawLimit.NONE)
                : new GameSettings(variant, DrawRules.SWR, AgreedDrawLimit.FORTY_MOVES);
    }

    /**
     * The settings as a pairing or a command line writes them; a blank field takes the variant's
     * default (the draw rules and the agreed-draw limit of {@link #of}, no time control).
     *
     * @param variant         international, frisian, 20 or 40
     * @param drawRules       SWR, ZWH or FRISIAN
     * @param agreedDrawLimit FORTY_MOVES (SWR 13.4), TEN_PIECES (13.5) or NONE
     * @param timeControl     the PDN {@code TimeControl} tag, e.g. {@code 5400+60} or {@code 40/7200:3600+30}
     * @param incrementKind   FISCHER or BRONSTEIN (with a time control)
     * @throws IllegalArgumentException naming the field that is wrong and what it may be
     */
    public static GameSettings parse(String variant, String drawRules, String agreedDrawLimit, String timeControl,
            String incrementKind) {
        GameSettings s = of(blank(variant) ? Variant.INTERNATIONAL : Variant.parse(variant));
        if (!blank(drawRules)) s = s.withDrawRules(named(DrawRules.class, "draw rules", drawRules));
        if (!blank(agreedDrawLimit)) s = s.withAgreedDrawLimit(named(AgreedDrawLimit.class, "agreed-draw limit", agreedDrawLimit));
        TimeControl.IncrementKind kind = blank(incrementKind) ? TimeControl.IncrementKind.FISCHER
                : named(TimeControl.IncrementKind.class, "increment", incrementKind);
        if (!blank(timeControl)) s = s.withTimeControl(TimeControl.parse(timeControl, kind));
        else if (!blank(incrementKind)) throw new IllegalArgumentException("increment " + incrementKind + " given without a time control");
        return s;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static <E extends Enum<E>> E named(Class<E> type, String what, String text) {
        for (E e : type.getEnumConstants()) if (e.name().equalsIgnoreCase(text.strip())) return e;
        throw new IllegalArgumentException("unknown " + what + " \"" + text + "\" (" + Arrays.stream(type.getEnumConstants())
                .map(Enum::name).collect(Collectors.joining(", ")) + ")");
    }

    public GameSettings withDrawRules(DrawRules rules) {
        return new GameSettings(variant, rules, agreedDrawLimit, timeControl);
    }

    public GameSettings withAgreedDrawLimit(AgreedDrawLimit limit) {
        return new GameSettings(variant, drawRules, limit, timeControl);
    }

    public GameSettings withTimeControl(TimeControl tc) {
        return new GameSettings(variant, drawRules, agreedDrawLimit, tc);
    }
}
