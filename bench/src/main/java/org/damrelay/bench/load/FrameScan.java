package org.damrelay.bench.load;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Reads the two numbers a load client needs ({@code version} and {@code sentNanos}) straight
 * from the bytes of a canonical-JSON spectator message, without decoding it: at 100,000
 * deliveries a second a full parse would make the generator the bottleneck.
 */
final class FrameScan {

    private static final byte[] VERSION = "\"version\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SENT_NANOS = "\"sentNanos\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UPDATE = "{\"update\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SNAPSHOT = "{\"snapshot\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SUBSCRIBED = "{\"subscribed\"".getBytes(StandardCharsets.US_ASCII);

    /** nanoTime stamps may be negative: absence needs its own value. */
    private static final long ABSENT = Long.MIN_VALUE;

    private FrameScan() {}

    static boolean isUpdate(ByteBuf b) { return startsWith(b, UPDATE); }
    static boolean isSnapshot(ByteBuf b) { return startsWith(b, SNAPSHOT); }
    static boolean isSubscribed(ByteBuf b) { return startsWith(b, SUBSCRIBED); }

    /** The first {@code "version":N} (the game's version in updates and snapshots), or -1. */
    static long version(ByteBuf b) {
        long n = number(b, VERSION);
        return n == ABSENT ? -1 : n;
    }

    /** The {@code "sentNanos":"N"} stamp of a load-generated move, or 0 when absent. */
    static long sentNanos(ByteBuf b) {
        long n = number(b, SENT_NANOS);
        return n == ABSENT ? 0 : n;
    }

    private static boolean startsWith(ByteBuf b, byte[] prefix) {
        if (b.readableBytes() < prefix.length) return false;
        int at = b.readerIndex();
        for (int i = 0; i < prefix.length; i++) if (b.getByte(at + i) != prefix[i]) return false;
        return true;
    }

    private static long number(ByteBuf b, byte[] key) {
        int at = indexOf(b, key);
        if (at < 0) return ABSENT;
        int i = at + key.length, end = b.writerIndex();
        boolean neg = i < end && b.getByte(i) == '-';
        if (neg) i++;
        long v = 0;
        int digits = 0;
        for (; i < end; i++, digits++) {
            byte c = b.getByte(i);
            if (c < '0' || c > '9') break;
            v = v * 10 + (c - '0');
        }
        if (digits == 0) return ABSENT;
        return neg ? -v : v;
    }

    private static int indexOf(ByteBuf b, byte[] key) {
        int end = b.writerIndex() - key.length;
        outer:
        for (int i = b.readerIndex(); i <= end; i++) {
            for (int j = 0; j < key.length; j++) if (b.getByte(i + j) != key[j]) continue outer;
            return i;
        }
        return -1;
    }
}
