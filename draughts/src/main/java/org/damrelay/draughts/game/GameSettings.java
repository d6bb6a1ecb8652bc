package org.damrelay.draughts.game;

import java.util.Objects;
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
