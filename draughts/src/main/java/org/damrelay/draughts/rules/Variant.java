package org.damrelay.draughts.rules;

import java.util.List;

/** The game variants the core knows, with their PDN GameType numbers. */
public enum Variant {
    INTERNATIONAL(20, new InternationalMoveGenerator()),
    FRISIAN(40, new FrisianMoveGenerator());

    private final int pdnGameType;
    private final MoveGenerator generator;

    Variant(int pdnGameType, MoveGenerator generator) {
        this.pdnGameType = pdnGameType;
        this.generator = generator;
    }

    public int pdnGameType() { return pdnGameType; }
    public MoveGenerator generator() { return generator; }

    public List<Move> legalMoves(Position p) {
        return generator.legalMoves(p);
    }

    /** The variant for a PDN GameType tag value ("20", "40", or "20,W,10,10,N,0"-style). */
    public static Variant forPdnGameType(String value) {
        String head = value.trim().split(",")[0].trim();
        for (Variant v : values()) if (String.valueOf(v.pdnGameType).equals(head)) return v;
        throw new IllegalArgumentException("unsupported GameType \"" + value + "\" (supported: 20, 40)");
    }

    /** What a user types for a variant: its name in any case, or a PDN GameType number (20, 40). */
    public static Variant parse(String text) {
        String v = text.strip();
        if (!v.isEmpty() && Character.isDigit(v.charAt(0))) return forPdnGameType(v);
        for (Variant variant : values()) if (variant.name().equalsIgnoreCase(v)) return variant;
        throw new IllegalArgumentException("unknown variant \"" + text + "\" (international, frisian, 20 or 40)");
    }
}
