package org.damrelay.driver.dgt.protocol;

/** The protocol's 7-bit arithmetic: 14-bit values in two halves, BCD times, bus checksums. */
public final class SevenBit {
    public static final int MAX_14 = 0x3fff;

    private SevenBit() {}

    public static int high(int value14) {
        return (value14 >> 7) & 0x7f;
    }

    public static int low(int value14) {
        return value14 & 0x7f;
    }

    public static int join(int high, int low) {
        return ((high & 0x7f) << 7) | (low & 0x7f);
    }

    /** Sum of the bytes, masked to 7 bits (the bus checksum). */
    public static int checksum(byte[] bytes, int from, int to) {
        int sum = 0;
        for (int i = from; i < to; i++) {
            sum += bytes[i] & 0xff;
        }
        return sum & 0x7f;
    }

    public static void checkAddress(int address) {
        if (address < 0 || address > MAX_14) {
            throw new IllegalArgumentException("bus address " + address + " is outside 0.." + MAX_14);
        }
    }

    public static boolean isBcd(int b) {
        return (b & 0x80) == 0 && ((b >> 4) & 0x0f) <= 9 && (b & 0x0f) <= 9;
    }

    /** Binary-coded decimal byte (0..79 fits in 7 bits) to its value; check {@link #isBcd} first. */
    public static int fromBcd(int bcd) {
        return ((bcd >> 4) & 0x07) * 10 + (bcd & 0x0f);
    }

    public static int toBcd(int value) {
        if (value < 0 || value > 79) {
            throw new IllegalArgumentException("BCD value " + value + " does not fit 7 bits");
        }
        return ((value / 10) << 4) | (value % 10);
    }
}
