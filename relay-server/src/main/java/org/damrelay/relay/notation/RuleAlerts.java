package org.damrelay.relay.notation;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawEvent;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.rules.Color;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.Side;
import org.damrelay.relay.game.GameFold;

/**
 * The rule alerts a sensor board's driver raises after a move, for a notated game, where nobody
 * else computes them: a draw count that began or a draw by rule (SWR 9.2, ZWH, Frisian, from the
 * game's own {@link Game} in the relay's fold), and no legal move left (8.1).
 */
final class RuleAlerts {

    private RuleAlerts() {}

    /** What the game's last ply set off. */
    static List<GameEvent> afterLastPly(GameFold fold, long now) {
        Game game = fold.game();
        int ply = fold.plyNumber(fold.plyCount());
        List<GameEvent> out = new ArrayList<>();
        for (DrawEvent d : game.drawEvents()) {
            GameEvent.Builder e = GameEvent.newBuilder().setType(d.kind() == DrawEvent.Kind.DRAW_BY_RULE ? EventType.DRAW_BY_RULE
                    : EventType.DRAW_RULE_STARTED).setPly(ply).setCaptureTimeMs(now).setText(d + (d.count() != null ? ": " + d.count() : ""));
            if (d.count() != null) e.setCount(d.count().limit());
            out.add(e.build());
        }
        if (game.legalMoves().isEmpty()) {
            Color loser = game.sideToMove();
            out.add(GameEvent.newBuilder().setType(EventType.NO_LEGAL_MOVES).setPly(ply).setCaptureTimeMs(now)
                    .setSide(loser == Color.WHITE ? Side.WHITE : Side.BLACK)
                    .setText((loser == Color.WHITE ? "white" : "black") + " has no legal move and loses (SWR 8.1)").build());
        }
        return out;
    }
}
