package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.notation.PdnGame;
import org.damrelay.driver.arbiter.ArbiterEvent;
import org.damrelay.driver.arbiter.EventType;

/** A game's moves in PDN notation, as the PDN has them and as the reconstruction's MOVE events give them. */
final class Notations {
    private Notations() {}

    static List<String> of(PdnGame g) {
        List<String> out = new ArrayList<>();
        var p = g.start();
        for (var m : g.plies()) {
            out.add(Notation.of(p, m, g.variant()));
            p = p.apply(m);
        }
        return out;
    }

    static List<String> moves(List<ArbiterEvent> events, PdnGame g) {
        return events.stream().filter(e -> e.type() == EventType.MOVE).map(e -> Notation.of(e.before(), e.move(), g.variant())).toList();
    }
}
