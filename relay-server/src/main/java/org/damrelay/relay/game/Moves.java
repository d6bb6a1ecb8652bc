package org.damrelay.relay.game;

import java.util.List;
import org.damrelay.draughts.notation.Notation;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.draughts.rules.Variant;
import org.damrelay.proto.MoveData;

/** Conversions between the wire's MoveData and the rules core's Move, and PDN move text. */
public final class Moves {

    private Moves() {}

    public static Move toMove(MoveData d) {
        long captured = 0;
        for (int s : d.getCapturedList()) {
            if (s < 1 || s > 50) throw new IllegalArgumentException("captured square " + s + " out of range");
            captured |= 1L << s;
        }
        List<Integer> path = d.getPathCount() >= 2 ? d.getPathList() : List.of(d.getFrom(), d.getTo());
        return new Move(d.getFrom(), d.getTo(), captured, path);
    }

    public static MoveData toData(Move m) {
        return MoveData.newBuilder().setFrom(m.from()).setTo(m.to())
                .addAllCaptured(m.capturedSquares()).addAllPath(m.path()).build();
    }

    /** PDN: {@code 32-28}, {@code 28x19}, or the long form where the short one is ambiguous. */
    public static String notation(Position before, Move m, Variant variant) {
        return Notation.of(before, m, variant);
    }
}
