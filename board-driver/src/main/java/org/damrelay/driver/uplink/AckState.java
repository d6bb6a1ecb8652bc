package org.damrelay.driver.uplink;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.damrelay.proto.Ack;
import org.damrelay.proto.BoardState;
import org.damrelay.records.RecordFile;

/**
 * What the outbox keeps beside its segments, each file written whole and renamed into place
 * ({@link RecordFile#writeAllAtomically}), so a crash leaves the old or the new one: the acked
 * seq per board ({@code acked.state}), and where each board's game stood after its last
 * committed event ({@code boards.state}), which outlives the segments acks delete.
 */
final class AckState {
    static final String FILE = "acked.state";
    static final String BOARDS = "boards.state";

    private AckState() {}

    static Map<String, Long> read(Path dir) throws IOException {
        Map<String, Long> acked = new HashMap<>();
        List<Ack> acks;
        try {
            acks = readFile(dir.resolve(FILE), Ack.parser());
        } catch (OutboxCorruptedException e) {
            // an outbox written before the one record format: delimited Acks and a CRC-32C at the end
            acks = readLegacy(dir.resolve(FILE)).orElseThrow(() -> e);
        }
        for (Ack a : acks) acked.put(a.getBoard(), a.getSeq());
        return acked;
    }

    private static Optional<List<Ack>> readLegacy(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length < 4) return Optional.empty();
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        if ((int) crc.getValue() != ByteBuffer.wrap(bytes, bytes.length - 4, 4).getInt()) return Optional.empty();
        List<Ack> out = new ArrayList<>();
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, 0, bytes.length - 4);
        for (Ack a; (a = Ack.parseDelimitedFrom(in)) != null; ) out.add(a);
        return Optional.of(out);
    }

    static void write(Path dir, Map<String, Long> acked) throws IOException {
        RecordFile.writeAllAtomically(dir.resolve(FILE), acked.entrySet().stream()
                .map(e -> Ack.newBuilder().setBoard(e.getKey()).setSeq(e.getValue()).build()).toList());
    }

    static Map<String, BoardState> readBoards(Path dir) throws IOException {
        Map<String, BoardState> states = new HashMap<>();
        for (BoardState s : readFile(dir.resolve(BOARDS), BoardState.parser())) states.put(s.getBoard(), s);
        return states;
    }

    static void writeBoards(Path dir, Map<String, BoardState> states) throws IOException {
        RecordFile.writeAllAtomically(dir.resolve(BOARDS), states.values());
    }

    private static <T> List<T> readFile(Path file, com.google.protobuf.Parser<T> parser) throws IOException {
        if (!Files.exists(file)) return List.of();
        try {
            return RecordFile.readWhole(file, Outbox.MAX_RECORD, parser);
        } catch (IOException e) {
            throw new OutboxCorruptedException(file, 0, e.getMessage());
        }
    }
}
