package org.damrelay.driver.dgt.protocol;

import java.util.Arrays;

/**
 * Incremental decoder of board-to-host bytes, fed whatever each read returned together with the
 * capture-clock time of that read. It never throws on input: garbage is skipped, a byte with the
 * MSB set inside a message restarts decoding there, unknown ids are skipped by their length,
 * impossible lengths are dropped, and a partial message older than the timeout (plus a transfer
 * allowance per expected byte, for the long EE_MOVES) is dropped when time moves on. Not thread-safe:
 * one line, one reader.
 */
public final class MessageDecoder {
    /** Receives decoded messages in order. */
    public interface Listener {
        void onMessage(long tMillis, BoardMessage message);

        /** A bus reply arrived whole but its checksum did not match; the poller should ask again (REPEAT_CHANGES). */
        default void onBadChecksum(long tMillis, int id, int address) {}
    }

    public static final long DEFAULT_TIMEOUT_MILLIS = 1000;
    /** 9600 baud 8N1 moves a byte in ~1.04 ms; allow twice that for USB latency. */
    private static final long MILLIS_PER_BYTE = 2;

    private final Listener listener;
    private final long timeoutMillis;
    private Framing framing;

    private byte[] buf = new byte[128];
    private int pos;           // bytes of the current message held in buf; 0 = between messages
    private int expected = -1; // total length once the header is complete
    private int skipRemaining; // body bytes of an unknown message still to skip
    private boolean skipping;
    private long startMillis;

    private long messages, garbage, resyncs, unknownIds, badLengths, badChecksums, malformed, stale, ignored;

    public MessageDecoder(Framing framing, long timeoutMillis, Listener listener) {
        this.framing = framing;
        this.timeoutMillis = timeoutMillis;
        this.listener = listener;
    }

    public MessageDecoder(Framing framing, Listener listener) {
        this(framing, DEFAULT_TIMEOUT_MILLIS, listener);
    }

    public Framing framing() {
        return framing;
    }

    /** Switch between single-board and bus message sets (TO_BUSMODE / END_BUSMODE); drops any partial message. */
    public void framing(Framing framing) {
        this.framing = framing;
        reset();
    }

    public void feed(long tMillis, byte[] bytes) {
        feed(tMillis, bytes, 0, bytes.length);
    }

    public void feed(long tMillis, byte[] bytes, int offset, int length) {
        expire(tMillis);
        for (int i = offset; i < offset + length; i++) {
            accept(tMillis, bytes[i] & 0xff);
        }
    }

    /** Drops a partial message that has waited too long; call it when time passes without bytes. */
    public void expire(long tMillis) {
        if (!inMessage()) {
            return;
        }
        long allowance = timeoutMillis + (expected > 0 ? expected * MILLIS_PER_BYTE : 0);
        if (tMillis - startMillis > allowance) {
            stale++;
            reset();
        }
    }

    /** True while part of a message is held, waiting for the rest. */
    public boolean inMessage() {
        return pos > 0 || skipping;
    }

    public DecoderStats stats() {
        return new DecoderStats(messages, garbage, resyncs, unknownIds, badLengths, badChecksums, malformed, stale, ignored);
    }

    private void accept(long t, int b) {
        if ((b & 0x80) != 0) {
            if (inMessage()) {
                resyncs++;
            }
            reset();
            buf[0] = (byte) b;
            pos = 1;
            startMillis = t;
            return;
        }
        if (skipping) {
            if (--skipRemaining == 0) {
                reset();
            }
            return;
        }
        if (pos == 0) {
            garbage++;
            return;
        }
        if (pos == buf.length) {
            buf = Arrays.copyOf(buf, Math.min(SevenBit.MAX_14, buf.length * 2));
        }
        buf[pos++] = (byte) b;
        if (pos == 3) {
            header();
        }
        if (expected > 0 && pos == expected) {
            complete(t);
        }
    }

    private void header() {
        int id = buf[0] & 0xff;
        int length = SevenBit.join(buf[1], buf[2]);
        int[] allowed = MessageTypes.lengths(framing, id);
        if (allowed == null) {
            unknownIds++;
            if (length < 3) {
                badLengths++;
                reset();
            } else if (length == 3) {
                reset();
            } else {
                pos = 0;
                skipping = true;
                skipRemaining = length - 3;
            }
            return;
        }
        if (length < allowed[0] || length > allowed[1]) {
            badLengths++;
            reset();
            return;
        }
        expected = length;
    }

    private void complete(long t) {
        int length = expected;
        reset();
        if (framing == Framing.BUS && SevenBit.checksum(buf, 0, length - 1) != (buf[length - 1] & 0xff)) {
            badChecksums++;
            listener.onBadChecksum(t, buf[0] & 0xff, SevenBit.join(buf[3], buf[4]));
            return;
        }
        if (MessageParser.isIgnorable(framing, buf, length)) {
            ignored++;
            return;
        }
        BoardMessage m;
        try {
            m = MessageParser.parse(framing, buf, length);
        } catch (IllegalArgumentException e) {
            m = null; // a field out of range for its record: bad content, counted below
        }
        if (m == null) {
            malformed++;
        } else {
            messages++;
            listener.onMessage(t, m);
        }
    }

    private void reset() {
        pos = 0;
        expected = -1;
        skipping = false;
        skipRemaining = 0;
    }
}
