package org.damrelay.driver.dgt.protocol;

/** Bus-mode host commands; on the wire {@code code, address MSB, address LSB, checksum}. */
public enum BusCommand {
    SEND_CLK(0x81), SEND_BRD(0x82), SEND_CHANGES(0x83), REPEAT_CHANGES(0x84), SET_START_GAME(0x85),
    SEND_FROM_START(0x86), PING(0x87), END_BUSMODE(0x88), RESET(0x89), IGNORE_NEXT_BUS_PING(0x8a),
    VERSION(0x8b), SEND_BRD_50B(0x8c), SEND_ALL_D(0x8d);

    private final int code;

    BusCommand(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The four bytes addressed to one board (address 0 is every board, used by PING discovery). */
    public byte[] encode(int address) {
        SevenBit.checkAddress(address);
        byte[] out = {(byte) code, (byte) SevenBit.high(address), (byte) SevenBit.low(address), 0};
        out[3] = (byte) SevenBit.checksum(out, 0, 3);
        return out;
    }

    /** The command with this byte, or null. */
    public static BusCommand of(int code) {
        for (BusCommand c : values()) {
            if (c.code == (code & 0xff)) {
                return c;
            }
        }
        return null;
    }
}
