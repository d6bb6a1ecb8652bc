package org.damrelay.driver.dgt.protocol;

import java.util.ArrayList;
import java.util.List;

/** Collects what a decoder reports, for assertions. */
final class Recorder implements MessageDecoder.Listener {
    final List<BoardMessage> messages = new ArrayList<>();
    final List<Long> times = new ArrayList<>();
    final List<int[]> badChecksums = new ArrayList<>();

    @Override public void onMessage(long tMillis, BoardMessage message) {
        messages.add(message);
        times.add(tMillis);
    }

    @Override public void onBadChecksum(long tMillis, int id, int address) {
        badChecksums.add(new int[] {id, address});
    }

    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
