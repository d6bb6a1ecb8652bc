package org.damrelay.relay.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Ply;
import org.junit.jupiter.api.Test;

class WirePliesTest {

    private static Ply ply(int n, String notation, int from, int to) {
        return Ply.newBuilder().setPly(n).setNotation(notation).setFen("W:W" + to + ":B1")
                .setMove(MoveData.newBuilder().addPath(from).addPath(to)).build();
    }

    @Test
    void pliesReadBackAsTheyWereKeptThroughReplaceAndTruncate() {
        WirePlies plies = new WirePlies();
        assertNull(plies.last());
        plies.add(ply(1, "32-28", 32, 28));
        plies.add(ply(2, "19-23", 19, 23));
        plies.add(ply(3, "28x19", 28, 19));
        assertEquals(List.of(ply(1, "32-28", 32, 28), ply(2, "19-23", 19, 23), ply(3, "28x19", 28, 19)), plies.from(0));
        assertEquals(List.of(ply(3, "28x19", 28, 19)), plies.from(2));

        Ply irregular = ply(3, "28x19", 28, 19).toBuilder().setIrregular(true).build();
        plies.set(2, irregular);
        assertEquals(irregular, plies.last());

        plies.truncate(1);
        assertEquals(1, plies.size());
        assertEquals(ply(1, "32-28", 32, 28), plies.get(0));
        plies.clear();
        assertTrue(plies.isEmpty());
        assertTrue(plies.from(0).isEmpty());
    }
}
