package org.damrelay.driver.dgt.protocol;

/** Encoders for everything the host sends to a board. */
public final class HostCommands {
    private HostCommands() {}

    public static byte[] single(Command command) {
        return command.encode();
    }

    public static byte[] bus(BusCommand command, int address) {
        return command.encode(address);
    }

    /**
     * CLOCK_MESSAGE: {@code 0x2b, size, 0x03, clockCommand, data..., 0x00}, where size counts the
     * bytes after itself.
     */
    public static byte[] clockMessage(int clockCommand, byte... data) {
        if (clockCommand < 0 || clockCommand > 0x7f) {
            throw new IllegalArgumentException("clock command " + clockCommand + " is not a 7-bit value");
        }
        byte[] out = new byte[data.length + 5];
        out[0] = (byte) Command.CLOCK_MESSAGE;
        out[1] = (byte) (data.length + 3);
        out[2] = 0x03;
        out[3] = (byte) clockCommand;
        System.arraycopy(data, 0, out, 4, data.length);
        out[out.length - 1] = 0x00;
        return out;
    }
}
