package org.damrelay.driver.dgt.protocol;

/** Allowed total lengths per message id, for each framing; an id not listed is unknown. */
final class MessageTypes {
    private MessageTypes() {}

    /** {min, max} total length including the header, or null for an unknown id. */
    static int[] lengths(Framing framing, int id) {
        if (framing == Framing.BUS) {
            switch (id) {
                case BusReply.ID_BRD_DUMP: return fixed(106);
                case BusReply.ID_BWTIME: return fixed(13);
                case BusReply.ID_UPDATE:
                case BusReply.ID_FROM_START: return new int[] {Frames.BUS_OVERHEAD, SevenBit.MAX_14};
                case BusReply.ID_PING:
                case BusReply.ID_START_GAME_WRITTEN: return fixed(6);
                case BusReply.ID_VERSION: return fixed(8);
                case BusReply.ID_BRD_DUMP_50B: return fixed(56);
                default: return null;
            }
        }
        switch (id) {
            case BoardMessage.ID_BOARD_DUMP: return fixed(103);
            case BoardMessage.ID_BWTIME: return fixed(10);
            case BoardMessage.ID_FIELD_UPDATE: return fixed(5);
            case BoardMessage.ID_EE_MOVES: return new int[] {3, SevenBit.MAX_14};
            case BoardMessage.ID_SERIALNR: return fixed(8);
            case BoardMessage.ID_LONG_SERIALNR: return fixed(13);
            case BoardMessage.ID_VERSION: return fixed(5);
            case BoardMessage.ID_BOARD_DUMP_50B:
            case BoardMessage.ID_BOARD_DUMP_50W: return fixed(53);
            case BoardMessage.ID_BATTERY_STATUS: return new int[] {3, 127};
            default: return null;
        }
    }

    private static int[] fixed(int n) {
        return new int[] {n, n};
    }
}
