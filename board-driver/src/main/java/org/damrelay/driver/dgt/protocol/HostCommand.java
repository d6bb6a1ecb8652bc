package org.damrelay.driver.dgt.protocol;

import java.util.Arrays;

/** A command as a board (or its emulator) receives it; see {@link HostCommandDecoder}. */
public sealed interface HostCommand permits HostCommand.Single, HostCommand.ClockMessage, HostCommand.Bus {

    byte[] encode();

    record Single(Command command) implements HostCommand {
        public byte[] encode() {
            return command.encode();
        }
    }

    /** CLOCK_MESSAGE: the clock command byte and the data between it and the closing 0x00. */
    record ClockMessage(int clockCommand, byte[] data) implements HostCommand {
        public ClockMessage {
            data = data.clone();
        }

        @Override public byte[] data() {
            return data.clone();
        }

        public byte[] encode() {
            return HostCommands.clockMessage(clockCommand, data);
        }

        @Override public boolean equals(Object o) {
            return o instanceof ClockMessage c && c.clockCommand == clockCommand && Arrays.equals(data, c.data);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(data) * 31 + clockCommand;
        }

        @Override public String toString() {
            return "ClockMessage[" + clockCommand + ": " + Frames.hex(data) + "]";
        }
    }

    record Bus(BusCommand command, int address) implements HostCommand {
        public byte[] encode() {
            return command.encode(address);
        }
    }
}
