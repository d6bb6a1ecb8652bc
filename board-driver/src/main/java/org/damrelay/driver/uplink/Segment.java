package org.damrelay.driver.uplink;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.damrelay.proto.BoardEvent;

/**
 * One outbox segment file: records framed as {@code [int length][int crc32c][BoardEvent bytes]}.
 * Only the newest segment is ever written, so only its tail can be torn by a crash.
 */
final class Segment {
    static final int HEADER = 8;
    static final int MAX_RECORD = 1 << 20;

    /** What a scan found: the whole records and where the valid bytes end. */
    record Scan(List<BoardEvent> events, long validBytes, long size) {
        boolean torn() {
            return validBytes < size;
        }
    }

    private Segment() {}

    static byte[] frame(BoardEvent event) {
        byte[] payload = event.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(payload);
        return ByteBuffer.allocate(HEADER + payload.length)
                .putInt(payload.length).putInt((int) crc.getValue()).put(payload).array();
    }

    /**
     * Reads every whole record. A bad record is a torn tail when nothing valid could follow it
     * (it runs past the end, or only zeros follow, as a crash leaves them); anywhere else it is
     * damage and opening fails rather than dropping what follows.
     */
    static Scan scan(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(size));
            while (all.hasRemaining() && ch.read(all) >= 0) {}
            all.flip();
            List<BoardEvent> events = new ArrayList<>();
            int pos = 0;
            while (pos < size) {
                String bad = null;
                int end = -1;
                if (size - pos < HEADER) {
                    bad = "header cut short";
                } else {
                    int len = all.getInt(pos);
                    int crc = all.getInt(pos + 4);
                    if (len <= 0 || len > MAX_RECORD) {
                        bad = "record length " + len + " out of range";
                        end = pos + 4;
                    } else if (size - pos - HEADER < len) {
                        bad = "record cut short";
                        end = Math.toIntExact(size);
                    } else {
                        end = pos + HEADER + len;
                        CRC32C c = new CRC32C();
                        c.update(all.array(), pos + HEADER, len);
                        if ((int) c.getValue() != crc) {
                            bad = "checksum mismatch";
                        } else {
                            try {
                                events.add(BoardEvent.parseFrom(ByteBuffer.wrap(all.array(), pos + HEADER, len)));
                            } catch (InvalidProtocolBufferException e) {
                                bad = "checksummed record does not parse: " + e.getMessage();
                            }
                        }
                    }
                }
                if (bad != null) {
                    if (end < 0 || end >= size || zerosFrom(all, end)) {
                        // torn: nothing but the interrupted write (or the zeros a crash leaves) follows
                        return new Scan(events, pos, size);
                    }
                    throw new OutboxCorruptedException(file, pos, bad);
                }
                pos = end;
            }
            return new Scan(events, pos, size);
        }
    }

    private static boolean zerosFrom(ByteBuffer all, int from) {
        for (int i = from; i < all.limit(); i++) {
            if (all.get(i) != 0) return false;
        }
        return true;
    }
}
