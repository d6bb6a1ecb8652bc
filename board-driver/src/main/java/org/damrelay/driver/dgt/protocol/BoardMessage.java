package org.damrelay.driver.dgt.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.damrelay.driver.board.ClockReading;
import org.damrelay.driver.board.Sensed;

/**
 * A message from a board to the host, decoded. {@link #encode()} gives the exact bytes, so an
 * emulator can speak the protocol with these same records. Piece codes stay raw here; map them
 * with {@link PieceCodes}. Fields are the board's 0-99, never rotated.
 */
public sealed interface BoardMessage permits BoardMessage.BoardDump, BoardMessage.ClockTimes, BoardMessage.ClockAck,
        BoardMessage.FieldUpdate, BoardMessage.EeMoves, BoardMessage.SerialNumber, BoardMessage.Version,
        BoardMessage.HalfBoardDump, BoardMessage.BatteryStatus, BusReply {

    int ID_BOARD_DUMP = 0x86, ID_BWTIME = 0x8d, ID_FIELD_UPDATE = 0x8e, ID_EE_MOVES = 0x8f, ID_SERIALNR = 0x91,
            ID_VERSION = 0x93, ID_BOARD_DUMP_50B = 0x94, ID_BOARD_DUMP_50W = 0x95, ID_BATTERY_STATUS = 0xa0,
            ID_LONG_SERIALNR = 0xa2;

    /** The message as the board sends it. */
    byte[] encode();

    /** The 7 data bytes of a BWTIME: clock times or a clock ack. */
    sealed interface ClockData permits ClockTimes, ClockAck {
        byte[] data();
    }

    /** All 100 fields, raw piece codes, field 0 first. */
    record BoardDump(byte[] codes) implements BoardMessage {
        public BoardDump {
            codes = Frames.checkedCopy(codes, 100, "BOARD_DUMP");
        }

        public static BoardDump of(Sensed[] fields, PieceCodes table) {
            byte[] codes = new byte[fields.length];
            for (int i = 0; i < fields.length; i++) {
                codes[i] = (byte) table.codeOf(fields[i]);
            }
            return new BoardDump(codes);
        }

        @Override public byte[] codes() {
            return codes.clone();
        }

        public int code(int field) {
            return codes[field];
        }

        public byte[] encode() {
            return Frames.single(ID_BOARD_DUMP, codes);
        }

        @Override public boolean equals(Object o) {
            return o instanceof BoardDump d && Arrays.equals(codes, d.codes);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(codes);
        }

        @Override public String toString() {
            return "BoardDump[" + Frames.hex(codes) + "]";
        }
    }

    /**
     * Clock times. Status bits: 0 running, 1 lever high on the right (the left player pressed it down,
     * the right player's clock runs), 2 battery low, 3/4 right/left player's turn (header revisions
     * disagree on these two; the lever is what counts), 5 no clock connected. Kept raw so the bytes
     * round-trip.
     */
    record ClockTimes(ClockFace right, ClockFace left, int status) implements BoardMessage, ClockData {
        public ClockTimes {
            if (status < 0 || status > 0x7f) {
                throw new IllegalArgumentException("clock status " + status + " is not a 7-bit value");
            }
        }

        public boolean running() {
            return (status & 0x01) != 0;
        }

        public boolean rightLeverHigh() {
            return (status & 0x02) != 0;
        }

        /** The turn bits: true for the right player's turn (bit 3 alone), false for the left's (bit 4 alone), else null. */
        public Boolean rightTurn() {
            boolean right = (status & 0x08) != 0, left = (status & 0x10) != 0;
            return right == left ? null : right;
        }

        public boolean batteryLow() {
            return (status & 0x04) != 0;
        }

        public boolean clockPresent() {
            return (status & 0x20) == 0;
        }

        public ClockReading reading() {
            return new ClockReading(left.remaining(), right.remaining(), left.flagFallen(),
                    right.flagFallen(), running(), rightLeverHigh(), clockPresent(), rightTurn(), false);
        }

        public byte[] data() {
            byte[] d = new byte[7];
            right.encode(d, 0);
            left.encode(d, 3);
            d[6] = (byte) status;
            return d;
        }

        public byte[] encode() {
            return Frames.single(ID_BWTIME, data());
        }
    }

    /** A BWTIME that acknowledges a clock command instead of giving times ((byte 3 or 6) & 0x0f == 0x0a). */
    record ClockAck(byte[] data) implements BoardMessage, ClockData {
        public ClockAck {
            data = Frames.checkedCopy(data, 7, "BWTIME ack");
            if ((data[0] & 0x0f) != 0x0a && (data[3] & 0x0f) != 0x0a) {
                throw new IllegalArgumentException("BWTIME ack needs 0x0a in the low nibble of data byte 0 or 3: " + Frames.hex(data));
            }
        }

        @Override public byte[] data() {
            return data.clone();
        }

        public byte[] encode() {
            return Frames.single(ID_BWTIME, data);
        }

        @Override public boolean equals(Object o) {
            return o instanceof ClockAck a && Arrays.equals(data, a.data);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(data);
        }

        @Override public String toString() {
            return "ClockAck[" + Frames.hex(data) + "]";
        }
    }

    /** One field changed to a raw piece code (0 = emptied). */
    record FieldUpdate(int field, int code) implements BoardMessage {
        public FieldUpdate {
            if (field < 0 || field > 0x7f || code < 0 || code > 0x7f) {
                throw new IllegalArgumentException("FIELD_UPDATE field " + field + " / code " + code + " not 7-bit");
            }
        }

        public byte[] encode() {
            return Frames.single(ID_FIELD_UPDATE, new byte[] {(byte) field, (byte) code});
        }
    }

    /** The board's change log (SEND_EE_MOVES). */
    record EeMoves(EeLog log) implements BoardMessage {
        public byte[] encode() {
            return Frames.single(ID_EE_MOVES, log.encode());
        }
    }

    /** SERIALNR (5 characters) or LONG_SERIALNR (10 characters). */
    record SerialNumber(String value, boolean longForm) implements BoardMessage {
        public SerialNumber {
            int n = longForm ? 10 : 5;
            if (value.length() != n || !value.chars().allMatch(c -> c >= 0 && c < 0x80)) {
                throw new IllegalArgumentException((longForm ? "LONG_SERIALNR" : "SERIALNR") + " needs " + n
                        + " ASCII characters, got \"" + value + "\"");
            }
        }

        public byte[] encode() {
            return Frames.single(longForm ? ID_LONG_SERIALNR : ID_SERIALNR, value.getBytes(StandardCharsets.US_ASCII));
        }
    }

    record Version(int major, int minor) implements BoardMessage {
        public Version {
            if (major < 0 || major > 0x7f || minor < 0 || minor > 0x7f) {
                throw new IllegalArgumentException("VERSION " + major + "." + minor + " not 7-bit");
            }
        }

        public byte[] encode() {
            return Frames.single(ID_VERSION, new byte[] {(byte) major, (byte) minor});
        }
    }

    /**
     * BOARD_DUMP_50B / 50W: the 50 playing fields only, raw codes. Assumed order: the playing fields
     * (row + col odd) by ascending field number for 50B, descending for 50W.
     */
    record HalfBoardDump(boolean whiteSide, byte[] codes) implements BoardMessage {
        public HalfBoardDump {
            codes = Frames.checkedCopy(codes, 50, whiteSide ? "BOARD_DUMP_50W" : "BOARD_DUMP_50B");
        }

        @Override public byte[] codes() {
            return codes.clone();
        }

        /** The field (0-99) that code {@code i} describes. */
        public int field(int i) {
            int k = whiteSide ? 49 - i : i;
            int row = k / 5;
            return row * 10 + 2 * (k % 5) + (row % 2 == 0 ? 1 : 0);
        }

        public byte[] encode() {
            return Frames.single(whiteSide ? ID_BOARD_DUMP_50W : ID_BOARD_DUMP_50B, codes);
        }

        @Override public boolean equals(Object o) {
            return o instanceof HalfBoardDump h && h.whiteSide == whiteSide && Arrays.equals(codes, h.codes);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(codes) * 31 + (whiteSide ? 1 : 0);
        }

        @Override public String toString() {
            return "HalfBoardDump[" + (whiteSide ? "W " : "B ") + Frames.hex(codes) + "]";
        }
    }

    /** Bluetooth boards' battery report; its layout is not documented for draughts, so kept raw. */
    record BatteryStatus(byte[] data) implements BoardMessage {
        public BatteryStatus {
            data = data.clone();
        }

        @Override public byte[] data() {
            return data.clone();
        }

        public byte[] encode() {
            return Frames.single(ID_BATTERY_STATUS, data);
        }

        @Override public boolean equals(Object o) {
            return o instanceof BatteryStatus b && Arrays.equals(data, b.data);
        }

        @Override public int hashCode() {
            return Arrays.hashCode(data);
        }

        @Override public String toString() {
            return "BatteryStatus[" + Frames.hex(data) + "]";
        }
    }
}
