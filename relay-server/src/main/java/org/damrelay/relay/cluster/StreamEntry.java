package org.damrelay.relay.cluster;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.damrelay.proto.ClusterEntry;
import org.damrelay.proto.GameUpdate;

/**
 * One entry of the update stream. {@code epoch} names the origin process (its start time) and
 * {@code seq} counts its entries from 1, so a reader sees a hole in the stream itself (trimmed
 * while it was away, lost with Redis's data) without waiting for that game's next version.
 */
public record StreamEntry(long epoch, long seq, GameUpdate update) {

    private static final String EPOCH = "e", SEQ = "s", UPDATE = "u";

    public Map<String, byte[]> fields() {
        Map<String, byte[]> m = new LinkedHashMap<>(4);
        m.put(EPOCH, Long.toString(epoch).getBytes(StandardCharsets.US_ASCII));
        m.put(SEQ, Long.toString(seq).getBytes(StandardCharsets.US_ASCII));
        m.put(UPDATE, update.toByteArray());
        return m;
    }

    /** An entry as the origin gives it directly (to an edge that cannot read Redis). */
    public static StreamEntry of(ClusterEntry e) {
        return new StreamEntry(e.getEpoch(), e.getSeq(), e.getUpdate());
    }

    /** Throws IllegalArgumentException for an entry this relay did not write. */
    public static StreamEntry of(Map<String, byte[]> fields) {
        byte[] e = fields.get(EPOCH), s = fields.get(SEQ), u = fields.get(UPDATE);
        if (e == null || s == null || u == null) throw new IllegalArgumentException("stream entry without e/s/u fields: " + fields.keySet());
        try {
            return new StreamEntry(Long.parseLong(new String(e, StandardCharsets.US_ASCII)),
                    Long.parseLong(new String(s, StandardCharsets.US_ASCII)), GameUpdate.parseFrom(u));
        } catch (NumberFormatException | InvalidProtocolBufferException x) {
            throw new IllegalArgumentException("stream entry does not parse: " + x.getMessage(), x);
        }
    }
}
