package org.damrelay.driver.dgt.protocol;

/**
 * Single-board host commands (one byte each). SCAN_50B/50W/100 (0x51/0x53/0x54) are deliberately
 * absent: they rewrite a persistent setting in the board's EEPROM.
 */
public enum Command {
    RESET(0x40), SEND_CLK(0x41), SEND_BRD(0x42), SEND_UPDATE(0x43), SEND_UPDATE_BRD(0x44),
    SERIALNR(0x45), SEND_EE_MOVES(0x49), TO_BUSMODE(0x4a), SEND_UPDATE_NICE(0x4b), VERSION(0x4d),
    SEND_BRD_50B(0x50), SEND_BRD_50W(0x52), LONG_SERIALNR(0x55);

    /** The CLOCK_MESSAGE command byte; it carries a payload, see {@link HostCommands#clockMessage}. */
    public static final int CLOCK_MESSAGE = 0x2b;

    private final int code;

    Command(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public byte[] encode() {
        return new byte[] {(byte) code};
    }

    /** The command with this byte, or null. */
    public static Command of(int code) {
        for (Command c : values()) {
            if (c.code == (code & 0xff)) {
                return c;
            }
        }
        return null;
    }
}
