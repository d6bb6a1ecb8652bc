package org.damrelay.draughts.game;

import java.util.Objects;
import org.damrelay.draughts.rules.Variant;

/** The rules a game is played under. */
public record GameSettings(Variant variant, DrawRules drawRules, AgreedDrawLimit agreedDrawLimit) {

    public GameSettings {
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(drawRules, "drawRules");
        Objects.requireNonNull(agreedDrawLimit, "agreedDrawLimit");
        if ((variant == Variant.FRISIAN) != (drawRules == DrawRules.FRISIAN)) {
            throw new IllegalArgumentException("draw rules " + drawRules + " do not fit variant " + variant);
        }
    }

    /** The defaults: SWR with the 40-move limit for international, the Frisian rules for Frisian. */
    public static GameSettings of(Variant variant) {
        return variant == Variant.FRISIAN
                ? new GameSettings(variant, DrawRules.FRISIAN, AgreedDrawLimit.NONE)
                : new GameSettings(variant, DrawRules.SWR, AgreedDrawLimit.FORTY_MOVES);
    }

    public GameSettings withDrawRules(DrawRules rules) {
        return new GameSettings(variant, rules, agreedDrawLimit);
    }

    public GameSettings withAgreedDrawLimit(AgreedDrawLimit limit) {
        return new GameSettings(variant, drawRules, limit);
    }
}
