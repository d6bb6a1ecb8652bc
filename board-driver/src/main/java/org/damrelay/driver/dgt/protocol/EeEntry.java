package org.damrelay.driver.dgt.protocol;

import java.time.Duration;

/**
 * One entry of the board's change log (EE_MOVES, and the change data of bus SEND_CHANGES /
 * REPEAT_CHANGES / SEND_FROM_START). The encoding we assume, following dgtbrd.h:
 * <ul>
 * <li>field tag, 2 bytes: {@code 0x40 | pieceCode} (0x40-0x5f), then the field 0-99;</li>
 * <li>time tag at a lever press, 3 bytes: {@code 0x60 | hours} for the right clock or
 *     {@code 0x70 | hours} for the left one (hours 0-9), then BCD minutes and BCD seconds;</li>
 * <li>marker, 1 byte: 0x6a-0x6f, 0x7a-0x7f or 0x00 (see {@link Marker}).</li>
 * </ul>
 * Any other byte, or a tag cut short by the end of the data, is kept as {@link Unknown} so the
 * log still round-trips byte for byte and the reader can tell the data was not well formed.
 */
public sealed interface EeEntry permits EeEntry.FieldTag, EeEntry.TimeTag, EeEntry.Marker, EeEntry.Unknown {

    int size();

    void encode(byte[] out, int at);

    /** A field changed to this raw piece code (0 = emptied). */
    record FieldTag(int field, int code) implements EeEntry {
        public FieldTag {
            if (field < 0 || field > 0x7f || code < 0 || code > 0x1f) {
                throw new IllegalArgumentException("field tag field " + field + " / code " + code + " out of range");
            }
        }

        public int size() {
            return 2;
        }

        public void encode(byte[] out, int at) {
            out[at] = (byte) (0x40 | code);
            out[at + 1] = (byte) field;
        }
    }

    /** The remaining time of one side, logged when a lever was pressed. */
    record TimeTag(boolean left, int hours, int minutes, int seconds) implements EeEntry {
        public TimeTag {
            if (hours < 0 || hours > 9 || minutes < 0 || minutes > 79 || seconds < 0 || seconds > 79) {
                throw new IllegalArgumentException("time tag " + hours + ":" + minutes + ":" + seconds + " out of range");
            }
        }

        public int size() {
            return 3;
        }

        public void encode(byte[] out, int at) {
            out[at] = (byte) ((left ? 0x70 : 0x60) | hours);
            out[at + 1] = (byte) SevenBit.toBcd(minutes);
            out[at + 2] = (byte) SevenBit.toBcd(seconds);
        }

        public Duration remaining() {
            return Duration.ofHours(hours).plusMinutes(minutes).plusSeconds(seconds);
        }
    }

    /** A one-byte event marker. */
    record Marker(int code) implements EeEntry {
        public static final int NOP2 = 0x00, POWERUP = 0x6a, EOF = 0x6b, FOURROWS = 0x6c, EMPTYBOARD = 0x6d,
                DOWNLOADED = 0x6e, BEGINPOS = 0x6f, BEGINPOS_ROT = 0x7a, START_TAG = 0x7b,
                WATCHDOG_ACTION = 0x7c, FUTURE_1 = 0x7d, FUTURE_2 = 0x7e, NOP = 0x7f;

        public Marker {
            if (!isMarker(code)) {
                throw new IllegalArgumentException(String.format("0x%02x is not a log marker", code));
            }
        }

        static boolean isMarker(int b) {
            return b == 0 || (b >= 0x6a && b <= 0x6f) || (b >= 0x7a && b <= 0x7f);
        }

        public int size() {
            return 1;
        }

        public void encode(byte[] out, int at) {
            out[at] = (byte) code;
        }
    }

    /** A byte that fits no entry (or starts a tag the data cuts short). */
    record Unknown(int value) implements EeEntry {
        public int size() {
            return 1;
        }

        public void encode(byte[] out, int at) {
            out[at] = (byte) value;
        }
    }
}
