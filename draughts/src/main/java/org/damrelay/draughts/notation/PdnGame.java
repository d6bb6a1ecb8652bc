package org.damrelay.draughts.notation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;

/**
 * One game as a value: its tags in file order, variant, start position, the main line as legal
 * moves, and the result as written (movetext terminator, else the Result tag, else "*").
 */
public record PdnGame(Map<String, String> tags, Variant variant, Position start, List<Move> plies, String result) {

    public PdnGame {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        plies = List.copyOf(plies);
        if (variant == null || start == null || result == null) throw new IllegalArgumentException("variant, start and result are required");
    }

    public String tag(String name) {
        return tags.get(name);
    }

    public PdnResult outcome() {
        return PdnResult.parse(result);
    }

    /** {@code White - Black} as the tags give them, {@code ?} for a missing name. */
    public String players() {
        return tags.getOrDefault("White", "?") + " - " + tags.getOrDefault("Black", "?");
    }

    /** The position after the first {@code ply} plies (0 = the start). */
    public Position positionAfter(int ply) {
        if (ply < 0 || ply > plies.size()) throw new IndexOutOfBoundsException("ply " + ply + " of " + plies.size());
        Position p = start;
        for (int i = 0; i < ply; i++) p = p.apply(plies.get(i));
        return p;
    }

    /** The start position followed by the position after every ply. */
    public List<Position> positions() {
        List<Position> out = new ArrayList<>(plies.size() + 1);
        Position p = start;
        out.add(p);
        for (Move m : plies) out.add(p = p.apply(m));
        return out;
    }

    public Position finalPosition() {
        return positionAfter(plies.size());
    }
}
