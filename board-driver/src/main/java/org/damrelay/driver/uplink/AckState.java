package org.damrelay.driver.uplink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        for (Ack a : readFile(dir.resolve(FILE), Ack.parser())) acked.put(a.getBoard(), a.getSeq());
        return acked;
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
