package org.damrelay.driver.dgt.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Turns one complete, well-framed message into a record; null when its content is malformed. */
final class MessageParser {
    private MessageParser() {}

    /** A well-framed message that carries nothing: the all-zero BWTIME some Bluetooth boards send. */
    static boolean isIgnorable(Framing framing, byte[] m, int length) {
        int id = m[0] & 0xff;
        boolean clock = framing == Framing.BUS ? id == BusReply.ID_BWTIME : id == BoardMessage.ID_BWTIME;
        if (!clock) {
            return false;
        }
        int from = framing == Framing.BUS ? 5 : 3;
        int to = framing == Framing.BUS ? length - 1 : length;
        for (int i = from; i < to; i++) {
            if (m[i] != 0) {
                return false;
            }
        }
        return true;
    }

    static BoardMessage parse(Framing framing, byte[] m, int length) {
        int id = m[0] & 0xff;
        if (framing == Framing.BUS) {
            return parseBus(id, m, length);
        }
        byte[] data = Arrays.copyOfRange(m, 3, length);
        switch (id) {
            case BoardMessage.ID_BOARD_DUMP: return new BoardMessage.BoardDump(data);
            case BoardMessage.ID_BWTIME: return clock(data);
            case BoardMessage.ID_FIELD_UPDATE: return new BoardMessage.FieldUpdate(data[0], data[1]);
            case BoardMessage.ID_EE_MOVES: return new BoardMessage.EeMoves(EeLog.decode(data));
            case BoardMessage.ID_SERIALNR: return new BoardMessage.SerialNumber(new String(data, StandardCharsets.US_ASCII), false);
            case BoardMessage.ID_LONG_SERIALNR: return new BoardMessage.SerialNumber(new String(data, StandardCharsets.US_ASCII), true);
            case BoardMessage.ID_VERSION: return new BoardMessage.Version(data[0], data[1]);
            case BoardMessage.ID_BOARD_DUMP_50B: return new BoardMessage.HalfBoardDump(false, data);
            case BoardMessage.ID_BOARD_DUMP_50W: return new BoardMessage.HalfBoardDump(true, data);
            case BoardMessage.ID_BATTERY_STATUS: return new BoardMessage.BatteryStatus(data);
            default: return null;
        }
    }

    private static BoardMessage parseBus(int id, byte[] m, int length) {
        int address = SevenBit.join(m[3], m[4]);
        byte[] data = Arrays.copyOfRange(m, 5, length - 1);
        switch (id) {
            case BusReply.ID_BRD_DUMP: return new BusReply.BusBoardDump(address, data);
            case BusReply.ID_BWTIME: {
                BoardMessage c = clock(data);
                return c == null ? null : new BusReply.BusClock(address, (BoardMessage.ClockData) c);
            }
            case BusReply.ID_UPDATE: return new BusReply.BusChanges(address, false, EeLog.decode(data));
            case BusReply.ID_FROM_START: return new BusReply.BusChanges(address, true, EeLog.decode(data));
            case BusReply.ID_PING: return new BusReply.BusPing(address);
            case BusReply.ID_START_GAME_WRITTEN: return new BusReply.BusStartGameWritten(address);
            case BusReply.ID_VERSION: return new BusReply.BusVersion(address, data[0], data[1]);
            case BusReply.ID_BRD_DUMP_50B: return new BusReply.BusBoardDump50(address, data);
            default: return null;
        }
    }

    private static BoardMessage clock(byte[] d) {
        if ((d[0] & 0x0f) == 0x0a || (d[3] & 0x0f) == 0x0a) {
            return new BoardMessage.ClockAck(d);
        }
        for (int i : new int[] {1, 2, 4, 5}) {
            if (!SevenBit.isBcd(d[i])) {
                return null;
            }
        }
        return new BoardMessage.ClockTimes(ClockFace.decode(d, 0), ClockFace.decode(d, 3), d[6]);
    }
}
