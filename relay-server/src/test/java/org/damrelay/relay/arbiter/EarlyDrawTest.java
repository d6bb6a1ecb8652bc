package org.damrelay.relay.arbiter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.GameInfo;
import org.damrelay.proto.GameUpdate;
import org.damrelay.proto.wire.GameWire;
import org.damrelay.relay.game.EventCheck;
import org.damrelay.relay.game.GameFold;
import org.damrelay.relay.game.Verdict;
import org.junit.jupiter.api.Test;

/** The early-draw threshold the arbiter service applies is the folded game's own (SWR 13.4). */
class EarlyDrawTest {

    private static GameFold playedPlies(String variant, int plies) {
        GameFold g = new GameFold(GameInfo.newBuilder().setGameId("e-r1-b1").setVariant(variant).build());
        for (int i = 0; i < plies; i++) {
            List<Move> legal = g.variant().legalMoves(g.position());
            Move m = legal.get((i * 5) % legal.size());
            Verdict v = EventCheck.check(g, GameEvent.newBuilder().setType(EventType.MOVE).setMove(GameWire.move(m)).build());
            g.apply(GameUpdate.newBuilder().setVersion(i + 1).setEvent(((Verdict.Accepted) v).event()).build());
        }
        return g;
    }

    @Test
    void aDrawBeforeBothMadeFortyMovesIsEarlyInInternationalDraughts() {
        GameFold g = playedPlies("INTERNATIONAL", 79);
        assertEquals(39, g.game().movesBothMade());
        assertTrue(g.game().isAgreedDrawEarly());
        GameFold forty = playedPlies("INTERNATIONAL", 80);
        assertEquals(Variant.INTERNATIONAL, forty.variant());
        assertEquals(40, forty.game().movesBothMade());
        assertFalse(forty.game().isAgreedDrawEarly());
    }

    @Test
    void frisianHasNoEarlyDraw() {
        assertFalse(playedPlies("FRISIAN", 4).game().isAgreedDrawEarly());
    }
}
