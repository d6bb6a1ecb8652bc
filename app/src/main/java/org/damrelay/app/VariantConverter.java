package org.damrelay.app;

import org.damrelay.draughts.rules.Variant;
import picocli.CommandLine;

/** Reads {@code international} / {@code frisian} (any case) or a PDN GameType number (20, 40). */
final class VariantConverter implements CommandLine.ITypeConverter<Variant> {
    @Override
    public Variant convert(String value) {
        try {
            return Variant.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
