package org.damrelay.relay.arbiter;

import org.damrelay.draughts.game.AgreedDrawLimit;
import org.damrelay.draughts.game.GameSettings;
import org.damrelay.draughts.rules.Color;
import org.damrelay.relay.game.GameFold;

/**
 * Whether a draw agreed now is too early, so both lose: before both made 40 moves (SWR 13.4),
 * with more than 10 pieces each where that rule applies (13.5), never in Frisian. The limit comes
 * from the game module's settings for the variant.
 */
final class EarlyDraw {

    private EarlyDraw() {}

    static boolean isEarly(GameFold game) {
        AgreedDrawLimit limit = GameSettings.of(game.variant()).agreedDrawLimit();
        return switch (limit) {
            case FORTY_MOVES -> movesBothMade(game) < 40;
            case TEN_PIECES -> game.position().count(Color.WHITE) > 10 && game.position().count(Color.BLACK) > 10;
            case NONE -> false;
        };
    }

    /** Moves made by both: the smaller of white's and black's ply counts (a game may start with black to move). */
    static int movesBothMade(GameFold game) {
        int white = 0, black = 0;
        for (int i = 0; i < game.plyCount(); i++) {
            if (game.positionAfter(i).sideToMove() == Color.WHITE) white++;
            else black++;
        }
        return Math.min(white, black);
    }
}
