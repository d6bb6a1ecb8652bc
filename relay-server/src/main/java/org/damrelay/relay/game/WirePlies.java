package org.damrelay.relay.game;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.List;
import org.damrelay.proto.Ply;

/**
 * A game's plies as the wire shows them, each kept as its encoded bytes: one array per ply where
 * the message would be seven objects (the ply, its move, the move's squares, two strings and their
 * bytes). The relay keeps every ply of every game, and what it keeps is what each young collection
 * copies (docs/benchmarks.md, round 8); a ply is read back only for a snapshot or a correction.
 */
final class WirePlies {

    private final List<byte[]> encoded = new ArrayList<>();

    int size() { return encoded.size(); }

    boolean isEmpty() { return encoded.isEmpty(); }

    void add(Ply p) { encoded.add(p.toByteArray()); }

    void set(int i, Ply p) { encoded.set(i, p.toByteArray()); }

    Ply get(int i) {
        try {
            return Ply.parseFrom(encoded.get(i));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a kept ply no longer reads", e); // written by add/set above
        }
    }

    Ply last() { return isEmpty() ? null : get(size() - 1); }

    /** Plies {@code from} (inclusive) to the end, as messages. */
    List<Ply> from(int from) {
        List<Ply> out = new ArrayList<>(Math.max(0, size() - from));
        for (int i = from; i < size(); i++) out.add(get(i));
        return out;
    }

    void truncate(int keep) {
        while (encoded.size() > keep) encoded.remove(encoded.size() - 1);
    }

    void clear() { encoded.clear(); }
}
