package org.damrelay.driver.capture;

import java.util.Arrays;
import java.util.HexFormat;

/** One timed line of a capture: bytes one way, or the link going up or down. */
public sealed interface CaptureEntry permits CaptureEntry.Bytes, CaptureEntry.Link {
    long tMillis();

    /** {@code <} board to host, {@code >} host to board. */
    enum Direction {
        FROM_BOARD('<'), TO_BOARD('>');

        private final char symbol;

        Direction(char symbol) {
            this.symbol = symbol;
        }

        public char symbol() {
            return symbol;
        }
    }

    /** What one read() returned, or one write: not aligned to messages. */
    record Bytes(long tMillis, Direction direction, byte[] bytes) implements CaptureEntry {
        public Bytes {
            bytes = bytes.clone();
        }

        @Override public byte[] bytes() {
            return bytes.clone();
        }

        @Override public boolean equals(Object o) {
            return o instanceof Bytes b && b.tMillis == tMillis && b.direction == direction && Arrays.equals(b.bytes, bytes);
        }

        @Override public int hashCode() {
            return Long.hashCode(tMillis) * 31 + Arrays.hashCode(bytes);
        }

        @Override public String toString() {
            return tMillis + " " + direction.symbol() + " " + HexFormat.ofDelimiter(" ").formatHex(bytes);
        }
    }

    /**
     * The line opened (detail: its name) or dropped (detail: why). Written as the metadata comments
     * {@code # link-up: <ms> <name>} and {@code # link-down: <ms> <reason>}, so other readers may
     * ignore them.
     */
    record Link(long tMillis, boolean up, String detail) implements CaptureEntry {}
}
