package org.damrelay.app;

import java.util.Locale;
import org.damrelay.draughts.rules.Variant;
import picocli.CommandLine;

/** Reads {@code international} / {@code frisian} (any case) or a PDN GameType number (20, 40). */
final class VariantConverter implements CommandLine.ITypeConverter<Variant> {
    @Override
    public Variant convert(String value) {
        String v = value.strip();
        if (!v.isEmpty() && Character.isDigit(v.charAt(0))) return Variant.forPdnGameType(v);
        try {
            return Variant.valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(
                    "unknown variant \"" + value + "\" (international, frisian, 20 or 40)");
        }
    }
}
