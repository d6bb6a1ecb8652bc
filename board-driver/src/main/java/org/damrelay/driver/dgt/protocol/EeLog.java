package org.damrelay.driver.dgt.protocol;

import java.util.ArrayList;
import java.util.List;

/** The board's change log as a list of entries; see {@link EeEntry} for the byte encoding. */
public record EeLog(List<EeEntry> entries) {
    public EeLog {
        entries = List.copyOf(entries);
    }

    public static EeLog of(EeEntry... entries) {
        return new EeLog(List.of(entries));
    }

    public static EeLog decode(byte[] data) {
        return decode(data, 0, data.length);
    }

    /** Never throws: bytes that fit no entry become {@link EeEntry.Unknown}. */
    public static EeLog decode(byte[] data, int from, int to) {
        List<EeEntry> out = new ArrayList<>();
        int i = from;
        while (i < to) {
            int b = data[i] & 0xff;
            if (EeEntry.Marker.isMarker(b)) {
                out.add(new EeEntry.Marker(b));
                i += 1;
            } else if (b >= 0x40 && b <= 0x5f && i + 1 < to && (data[i + 1] & 0x80) == 0) {
                out.add(new EeEntry.FieldTag(data[i + 1], b & 0x1f));
                i += 2;
            } else if (((b >= 0x60 && b <= 0x69) || (b >= 0x70 && b <= 0x79)) && i + 2 < to
                    && SevenBit.isBcd(data[i + 1]) && SevenBit.isBcd(data[i + 2])) {
                out.add(new EeEntry.TimeTag((b & 0x10) != 0, b & 0x0f, SevenBit.fromBcd(data[i + 1]), SevenBit.fromBcd(data[i + 2])));
                i += 3;
            } else {
                out.add(new EeEntry.Unknown(b));
                i += 1;
            }
        }
        return new EeLog(out);
    }

    public byte[] encode() {
        int size = 0;
        for (EeEntry e : entries) {
            size += e.size();
        }
        byte[] out = new byte[size];
        int at = 0;
        for (EeEntry e : entries) {
            e.encode(out, at);
            at += e.size();
        }
        return out;
    }

    /** False when some bytes fit no entry: on the bus that is a mismatch, and the whole board must be asked for. */
    public boolean wellFormed() {
        for (EeEntry e : entries) {
            if (e instanceof EeEntry.Unknown) {
                return false;
            }
        }
        return true;
    }
}
