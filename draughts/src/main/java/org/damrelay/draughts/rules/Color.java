package org.damrelay.draughts.rules;

/** The two sides. White moves first and starts on squares 31-50 (SWR 3.2, 4). */
public enum Color {
    WHITE, BLACK;

    public Color opposite() {
        return this == WHITE ? BLACK : WHITE;
    }
}
