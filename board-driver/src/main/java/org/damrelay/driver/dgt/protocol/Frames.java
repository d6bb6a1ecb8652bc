package org.damrelay.driver.dgt.protocol;

import java.util.HexFormat;

/** Builds board-to-host frames: id, 14-bit total length, then the payload (and on the bus an address and checksum). */
final class Frames {
    static final int HEADER = 3;
    static final int BUS_OVERHEAD = HEADER + 2 + 1;

    private Frames() {}

    static byte[] single(int id, byte[] data) {
        byte[] out = headed(id, HEADER + data.length);
        copy7(data, out, HEADER);
        return out;
    }

    static byte[] bus(int id, int address, byte[] data) {
        SevenBit.checkAddress(address);
        int length = BUS_OVERHEAD + data.length;
        byte[] out = headed(id, length);
        out[3] = (byte) SevenBit.high(address);
        out[4] = (byte) SevenBit.low(address);
        copy7(data, out, 5);
        out[length - 1] = (byte) SevenBit.checksum(out, 0, length - 1);
        return out;
    }

    /** A frame of {@code length} bytes with its id and 14-bit length written, the rest still zero. */
    private static byte[] headed(int id, int length) {
        checkLength(length);
        byte[] out = new byte[length];
        out[0] = (byte) id;
        out[1] = (byte) SevenBit.high(length);
        out[2] = (byte) SevenBit.low(length);
        return out;
    }

    private static void checkLength(int length) {
        if (length > SevenBit.MAX_14) {
            throw new IllegalArgumentException("message of " + length + " bytes exceeds the 14-bit length field");
        }
    }

    private static void copy7(byte[] data, byte[] out, int at) {
        for (int i = 0; i < data.length; i++) {
            if ((data[i] & 0x80) != 0) {
                // a set MSB would make every decoder resynchronise here
                throw new IllegalArgumentException(String.format("data byte %d is 0x%02x: data bytes must have the MSB clear", i, data[i] & 0xff));
            }
        }
        System.arraycopy(data, 0, out, at, data.length);
    }

    static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    static byte[] checkedCopy(byte[] bytes, int expected, String what) {
        if (bytes.length != expected) {
            throw new IllegalArgumentException(what + " needs " + expected + " bytes, got " + bytes.length);
        }
        return bytes.clone();
    }
}
