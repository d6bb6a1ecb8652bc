package org.damrelay.driver.cli;

import java.util.Locale;
import org.damrelay.draughts.game.DrawRules;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.game.TimeControl;
import org.damrelay.draughts.notation.Fen;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.driver.reconstruct.ReconstructConfig;
import picocli.CommandLine.Option;

/**
 * The competition's settings from the command line, for {@code replay} and for a {@code driver}
 * whose boards no relay assigns: the same values the pairings carry.
 */
final class SettingsOptions {
    @Option(names = "--variant", defaultValue = "international", description = "international or frisian (or GameType 20, 40); default ${DEFAULT-VALUE}")
    String variant;

    @Option(names = "--start-fen", paramLabel = "FEN", description = "the position the game starts from (adjourned game, problem)")
    String startFen;

    @Option(names = "--rules", paramLabel = "swr|zwh|frisian", description = "the draw-rule set; default: the variant's own (swr, frisian)")
    String rules;

    @Option(names = "--time-control", paramLabel = "TC", description = "the time control in PDN TimeControl tag syntax, e.g. 5400+60 or 40/7200:3600+30")
    String timeControl;

    @Option(names = "--increment", paramLabel = "fischer|bronstein", defaultValue = "fischer",
            description = "how the time control's increment is given; default ${DEFAULT-VALUE}")
    String increment;

    /** @throws IllegalArgumentException naming the flag and what is wrong with it */
    GameSettings settings() {
        Variant v = Variant.parse(variant);
        GameSettings s = GameSettings.of(v);
        if (rules != null) {
            DrawRules r;
            try {
                r = DrawRules.valueOf(rules.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--rules is swr, zwh or frisian, not \"" + rules + "\"");
            }
            try {
                s = s.withDrawRules(r);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--rules " + rules + " does not go with --variant " + variant + " (frisian rules for frisian only)");
            }
        }
        TimeControl.IncrementKind kind = switch (increment.strip().toLowerCase(Locale.ROOT)) {
            case "fischer" -> TimeControl.IncrementKind.FISCHER;
            case "bronstein" -> TimeControl.IncrementKind.BRONSTEIN;
            default -> throw new IllegalArgumentException("--increment is fischer or bronstein, not \"" + increment + "\"");
        };
        if (timeControl != null) s = s.withTimeControl(TimeControl.parse(timeControl, kind));
        return s;
    }

    /** The reconstruction's settings; without a start position a game already under way is joined. */
    ReconstructConfig reconstructConfig() {
        Position start = startFen == null ? Position.start() : Fen.parse(startFen);
        return ReconstructConfig.of(settings()).withStart(start).withJoinMidGame(startFen == null);
    }
}
