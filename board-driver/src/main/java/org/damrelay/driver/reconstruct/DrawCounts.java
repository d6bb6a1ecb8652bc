package org.damrelay.driver.reconstruct;

import java.util.ArrayList;
import java.util.List;
import org.damrelay.draughts.game.DrawRule;
import org.damrelay.draughts.game.DrawStatus;
import org.damrelay.draughts.game.Game;
import org.damrelay.draughts.game.MoveCount;

/**
 * The draw counts an arbiter acts on, read from the game model. The game counts consecutive king
 * moves from the first one; SWR 9.2d (and ZWH K) count moves by both players, so that count has
 * begun only once both have played a king move without capture in a row: a single king move in
 * the middle game starts nothing.
 */
final class DrawCounts {
    private DrawCounts() {}

    /** The counts running in the game's current position, in the rule set's order. */
    static List<MoveCount> running(Game game) {
        return running(game.drawStatus());
    }

    /** The counts that began with the game's last ply (or, before any ply, run in the start position). */
    static List<MoveCount> started(Game game) {
        List<MoveCount> before = game.ply() == 0 ? List.of() : running(game.truncate(game.ply() - 1).drawStatus());
        List<MoveCount> out = new ArrayList<>();
        for (MoveCount c : running(game)) {
            if (before.stream().noneMatch(b -> b.rule() == c.rule() && b.startPly() == c.startPly())) out.add(c);
        }
        return out;
    }

    private static List<MoveCount> running(DrawStatus status) {
        return status.counts().stream().filter(DrawCounts::begun).toList();
    }

    private static boolean begun(MoveCount c) {
        boolean kingMoves = c.rule() == DrawRule.TWENTY_FIVE_MOVES || c.rule() == DrawRule.ZWH_TWENTY_FIVE_MOVES;
        return !kingMoves || c.plies() >= 2;
    }
}
