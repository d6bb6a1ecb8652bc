package org.damrelay.driver.dgt.protocol;

import java.time.Duration;

/**
 * One side of a BWTIME: hours byte (low nibble hours; bit 4 flag fallen, bit 5 time-per-move
 * indicator, bit 6 flag shown), then BCD minutes and seconds.
 */
public record ClockFace(int hours, int minutes, int seconds, boolean flagFallen, boolean timePerMove, boolean flagShown) {
    public ClockFace {
        if (hours < 0 || hours > 15) {
            throw new IllegalArgumentException("clock hours " + hours + " do not fit a nibble");
        }
        if (minutes < 0 || minutes > 79 || seconds < 0 || seconds > 79) {
            throw new IllegalArgumentException("clock minutes/seconds " + minutes + "/" + seconds + " do not fit 7-bit BCD");
        }
    }

    public static ClockFace of(Duration remaining) {
        long s = Math.max(0, remaining.toSeconds());
        return new ClockFace((int) Math.min(9, s / 3600), (int) (s / 60 % 60), (int) (s % 60), false, false, false);
    }

    static ClockFace decode(byte[] b, int at) {
        int h = b[at] & 0x7f;
        return new ClockFace(h & 0x0f, SevenBit.fromBcd(b[at + 1]), SevenBit.fromBcd(b[at + 2]),
                (h & 0x10) != 0, (h & 0x20) != 0, (h & 0x40) != 0);
    }

    void encode(byte[] out, int at) {
        out[at] = (byte) (hours | (flagFallen ? 0x10 : 0) | (timePerMove ? 0x20 : 0) | (flagShown ? 0x40 : 0));
        out[at + 1] = (byte) SevenBit.toBcd(minutes);
        out[at + 2] = (byte) SevenBit.toBcd(seconds);
    }

    public Duration remaining() {
        return Duration.ofHours(hours).plusMinutes(minutes).plusSeconds(seconds);
    }
}
