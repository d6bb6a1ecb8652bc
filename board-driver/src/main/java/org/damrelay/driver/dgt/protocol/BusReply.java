package org.damrelay.driver.dgt.protocol;

import java.util.Arrays;

/**
 * A reply from one board on a bus: {@code id, length (2), address (2), data, checksum}, the
 * checksum being the sum of all previous bytes & 0x7f. Bus reply ids overlap the single-board ids,
 * so a decoder must know which {@link Framing} the line is in.
 */
public sealed interface BusReply extends BoardMessage permits BusReply.BusBoardDump, BusReply.BusClock,
        BusReply.BusChanges, BusReply.BusPing, BusReply.BusStartGameWritten, BusReply.BusVersion, BusReply.BusBoardDump50 {

    int ID_BRD_DUMP = 0x83, ID_BWTIME = 0x84, ID_UPDATE = 0x85, ID_FROM_START = 0x86, ID_PING = 0x87,
            ID_START_GAME_WRITTEN = 0x88, ID_VERSION = 0x89, ID_BRD_DUMP_50B = 0x8a;

    int address();

    record BusBoardDump(int address, byte[] codes) implements BusReply {
        public BusBoardDump {
            codes = Frames.checkedCopy(codes, 100, "bus BOARD_DUMP");
        }

        @Override public byte[] codes() {
            return codes.clone();
        }

        public byte[] encode() {
            return Frames.bus(ID_BRD_DUMP, address, codes);
        }

        @Override public boolean equals(Object o) {
            return o instanceof BusBoardDump d && d.address == address && Arrays.equals(codes, d.codes);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(codes) * 31 + address;
        }

        @Override public String toString() {
            return "BusBoardDump[" + address + ": " + Frames.hex(codes) + "]";
        }
    }

    record BusClock(int address, ClockData clock) implements BusReply {
        public byte[] encode() {
            return Frames.bus(ID_BWTIME, address, clock.data());
        }
    }

    /** SEND_CHANGES / REPEAT_CHANGES answer (UPDATE), or SEND_FROM_START answer (fromStart): the change log. */
    record BusChanges(int address, boolean fromStart, EeLog log) implements BusReply {
        public byte[] encode() {
            return Frames.bus(fromStart ? ID_FROM_START : ID_UPDATE, address, log.encode());
        }
    }

    record BusPing(int address) implements BusReply {
        public byte[] encode() {
            return Frames.bus(ID_PING, address, new byte[0]);
        }
    }

    record BusStartGameWritten(int address) implements BusReply {
        public byte[] encode() {
            return Frames.bus(ID_START_GAME_WRITTEN, address, new byte[0]);
        }
    }

    record BusVersion(int address, int major, int minor) implements BusReply {
        public byte[] encode() {
            return Frames.bus(ID_VERSION, address, new byte[] {(byte) major, (byte) minor});
        }
    }

    record BusBoardDump50(int address, byte[] codes) implements BusReply {
        public BusBoardDump50 {
            codes = Frames.checkedCopy(codes, 50, "bus BOARD_DUMP_50B");
        }

        @Override public byte[] codes() {
            return codes.clone();
        }

        public byte[] encode() {
            return Frames.bus(ID_BRD_DUMP_50B, address, codes);
        }

        @Override public boolean equals(Object o) {
            return o instanceof BusBoardDump50 d && d.address == address && Arrays.equals(codes, d.codes);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(codes) * 31 + address;
        }

        @Override public String toString() {
            return "BusBoardDump50[" + address + ": " + Frames.hex(codes) + "]";
        }
    }
}
