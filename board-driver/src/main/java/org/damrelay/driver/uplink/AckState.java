package org.damrelay.driver.uplink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.damrelay.proto.Ack;

/**
 * The acked seq per board, kept durably: written whole to a temporary file, fsynced and renamed
 * over the old one, so a crash leaves either the old or the new state, never a mix.
 */
final class AckState {
    static final String FILE = "acked.state";

    private AckState() {}

    static Map<String, Long> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Map<String, Long> acked = new HashMap<>();
        if (!Files.exists(file)) return acked;
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length < 4) throw new OutboxCorruptedException(file, 0, "ack state shorter than its checksum");
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        if ((int) crc.getValue() != ByteBuffer.wrap(bytes, bytes.length - 4, 4).getInt()) {
            throw new OutboxCorruptedException(file, 0, "ack state checksum mismatch");
        }
        var in = new java.io.ByteArrayInputStream(bytes, 0, bytes.length - 4);
        Ack ack;
        while ((ack = Ack.parseDelimitedFrom(in)) != null) {
            acked.put(ack.getBoard(), ack.getSeq());
        }
        return acked;
    }

    static void write(Path dir, Map<String, Long> acked) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (var e : acked.entrySet()) {
            Ack.newBuilder().setBoard(e.getKey()).setSeq(e.getValue()).build().writeDelimitedTo(out);
        }
        CRC32C crc = new CRC32C();
        byte[] body = out.toByteArray();
        crc.update(body);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        Path tmp = dir.resolve(FILE + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(out.toByteArray());
            while (buf.hasRemaining()) ch.write(buf);
            ch.force(true);
        }
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Outbox.syncDirectory(dir);
    }
}
