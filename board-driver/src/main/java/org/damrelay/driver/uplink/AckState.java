package org.damrelay.driver.uplink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.damrelay.proto.Ack;
import org.damrelay.records.RecordFile;

/**
 * The acked seq per board, kept durably: one {@link RecordFile} record per board, the whole file
 * written to a temporary file, fsynced and renamed over the old one, so a crash leaves either
 * the old or the new state, never a mix (and so any bad record in it is damage).
 */
final class AckState {
    static final String FILE = "acked.state";

    private AckState() {}

    static Map<String, Long> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Map<String, Long> acked = new HashMap<>();
        if (!Files.exists(file)) return acked;
        RecordFile.Scan<Ack> scan = RecordFile.scan(file, Outbox.MAX_RECORD, Ack.parser());
        if (scan.validBytes() != scan.size()) {
            throw new OutboxCorruptedException(file, scan.validBytes(), scan.damage() != null ? scan.damage().what() : "ack state cut short");
        }
        for (Ack a : scan.values()) acked.put(a.getBoard(), a.getSeq());
        return acked;
    }

    static void write(Path dir, Map<String, Long> acked) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (var e : acked.entrySet()) {
            out.write(RecordFile.frame(Ack.newBuilder().setBoard(e.getKey()).setSeq(e.getValue()).build().toByteArray()));
        }
        RecordFile.writeAtomically(dir.resolve(FILE), out.toByteArray());
    }
}
