package org.damrelay.emulator.speaker;

import java.util.ArrayList;
import java.util.List;

/**
 * A shared line at 9600 baud: a byte takes about 1.04 ms. Messages from different boards that
 * overlap in time collide: where they overlap the line carries the OR of both (a driven mark
 * wins), which no decoder can read. That is why bus boards answer a PING at random within a
 * window, and why a poller must look again after a garbled round. The pump hands over what falls
 * due in one of its steps, so overlaps are found within a step (a few ms of wall time).
 */
public final class Wire {
    public static final double MILLIS_PER_BYTE = 10.0 / 9600 * 1000;

    /** A message as one board starts sending it. */
    public record Sending(int board, double at, byte[] bytes) {
        double end() { return at + bytes.length * MILLIS_PER_BYTE; }
    }

    private Wire() {}

    /** What the line carries, in order, for messages sorted by start time. */
    public static List<byte[]> carry(List<Sending> messages) {
        List<byte[]> out = new ArrayList<>();
        int i = 0;
        while (i < messages.size()) {
            Sending first = messages.get(i);
            double end = first.end();
            int j = i + 1;
            while (j < messages.size() && messages.get(j).at() < end && messages.get(j).board() != first.board()) {
                end = Math.max(end, messages.get(j).end());
                j++;
            }
            out.add(j == i + 1 ? first.bytes() : collide(messages.subList(i, j)));
            i = j;
        }
        return out;
    }

    private static byte[] collide(List<Sending> group) {
        double start = group.get(0).at();
        int length = 0;
        for (Sending s : group) length = Math.max(length, (int) Math.round((s.at() - start) / MILLIS_PER_BYTE) + s.bytes().length);
        byte[] line = new byte[length];
        for (Sending s : group) {
            int offset = (int) Math.round((s.at() - start) / MILLIS_PER_BYTE);
            for (int k = 0; k < s.bytes().length; k++) line[offset + k] |= s.bytes()[k];
        }
        return line;
    }
}
