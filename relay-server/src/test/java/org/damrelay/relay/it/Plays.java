package org.damrelay.relay.it;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.MoveData;

/** Legal move sequences for the tests, chosen deterministically by the rules core. */
public final class Plays {

    private Plays() {}

    public static List<Move> line(int plies, int salt) {
        List<Move> out = new ArrayList<>();
        Position p = Position.start();
        for (int i = 0; i < plies; i++) {
            List<Move> legal = Variant.INTERNATIONAL.legalMoves(p);
            if (legal.isEmpty()) break;
            Move m = legal.get(Math.floorMod(i * 7 + salt, legal.size()));
            out.add(m);
            p = p.apply(m);
        }
        return out;
    }

    public static GameEvent event(Move m) {
        return GameEvent.newBuilder().setType(EventType.MOVE).setMove(MoveData.newBuilder().setFrom(m.from()).setTo(m.to())
                .addAllCaptured(m.capturedSquares()).addAllPath(m.path())).setCaptureTimeMs(System.currentTimeMillis()).build();
    }
}
