package org.damrelay.driver.reconstruct;

import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;

/** Reads the simple FEN of the test positions ("W:W28,K32:B23"), enough for hand-written tests. */
final class TestPositions {
    private TestPositions() {}

    static Position of(String fen) {
        String[] parts = fen.split(":");
        Position p = Position.empty(parts[0].equals("W") ? Color.WHITE : Color.BLACK);
        for (int i = 1; i < parts.length; i++) {
            Color c = parts[i].charAt(0) == 'W' ? Color.WHITE : Color.BLACK;
            String list = parts[i].substring(1);
            if (list.isEmpty()) continue;
            for (String item : list.split(",")) {
                boolean king = item.startsWith("K");
                p = p.with(Integer.parseInt(king ? item.substring(1) : item), Piece.of(c, king));
            }
        }
        return p;
    }
}
