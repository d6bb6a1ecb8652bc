package org.damrelay.driver.uplink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.damrelay.proto.Ack;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.MoveData;
import org.damrelay.records.RecordFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutboxTest {

    @TempDir Path tmp;

    static GameEvent move(int ply, int from, int to) {
        return GameEvent.newBuilder().setType(EventType.MOVE).setPly(ply)
                .setMove(MoveData.newBuilder().setFrom(from).setTo(to).addPath(from).addPath(to))
                .setNotation(from + "-" + to).build();
    }

    static List<Long> seqs(List<BoardEvent> events, String board) {
        return events.stream().filter(e -> e.getBoard().equals(board)).map(BoardEvent::getSeq).toList();
    }

    @Test
    void seqCountsPerBoardFromOneAndSurvivesReopen() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir)) {
            assertEquals(1, box.append("5521", move(1, 32, 28)).getSeq());
            assertEquals(1, box.append("5522", move(1, 33, 29)).getSeq());
            assertEquals(2, box.append("5521", move(2, 19, 23)).getSeq());
        }
        try (Outbox box = Outbox.open(dir)) {
            assertEquals(3, box.recovery().unacked());
            assertEquals(List.of("5521", "5522", "5521"), box.unacked().stream().map(BoardEvent::getBoard).toList());
            assertEquals(move(2, 19, 23), box.unacked().get(2).getEvent());
            assertEquals(3, box.append("5521", move(3, 28, 19)).getSeq());
            assertEquals(2, box.append("5522", move(2, 18, 22)).getSeq());
        }
    }

    @Test
    void ackedEventsAreNotResentEvenAfterReopen() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir)) {
            for (int i = 1; i <= 5; i++) box.append("a", move(i, 30 + i, 25 + i));
            box.append("b", move(1, 32, 28));
            box.ack("a", 3);
            assertEquals(List.of(4L, 5L), seqs(box.unacked(), "a"));
            box.ack("a", 2); // an older cumulative ack changes nothing
            assertEquals(List.of(4L, 5L), seqs(box.unacked(), "a"));
            assertEquals(List.of(1L), seqs(box.unacked(), "b"));
        }
        try (Outbox box = Outbox.open(dir)) {
            assertEquals(List.of(4L, 5L), seqs(box.unacked(), "a"));
            assertEquals(3, box.ackedSeq("a"));
            box.ack("a", 5);
            box.ack("b", 1);
            assertTrue(box.unacked().isEmpty());
        }
        try (Outbox box = Outbox.open(dir)) {
            assertTrue(box.unacked().isEmpty());
            assertEquals(6, box.append("a", move(6, 40, 35)).getSeq());
        }
    }

    @Test
    void fullyAckedSegmentsAreDeletedAndNumberingContinues() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir, 120)) {
            for (int i = 1; i <= 40; i++) box.append("a", move(i, 31, 26));
            int before = box.segmentFiles().size();
            assertTrue(before > 5, "small segments rotate: " + before);
            box.ack("a", 20);
            int middle = box.segmentFiles().size();
            assertTrue(middle < before && middle > 1, before + " -> " + middle);
            assertEquals(20, box.unacked().size());
            box.ack("a", 40);
            assertEquals(1, box.segmentFiles().size(), "only the segment taking appends stays");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.filter(f -> f.toString().endsWith(".log")).count() <= 1);
        }
        try (Outbox box = Outbox.open(dir, 120)) {
            assertTrue(box.unacked().isEmpty());
            assertEquals(41, box.append("a", move(41, 31, 26)).getSeq());
        }
    }

    @Test
    void crashAtEveryByteOfTheLastRecordCutsItWhole() throws IOException {
        Path dir = tmp.resolve("ob");
        long before, after;
        try (Outbox box = Outbox.open(dir)) {
            box.append("a", move(1, 32, 28));
            box.append("a", move(2, 19, 23));
            before = Files.size(box.segmentFiles().get(0));
            box.append("a", move(3, 28, 19));
            after = Files.size(box.segmentFiles().get(0));
        }
        for (long cut = before; cut < after; cut++) {
            for (boolean zeroFill : new boolean[] {false, true}) {
                Path copy = tmp.resolve("cut-" + cut + "-" + zeroFill);
                copyDir(dir, copy);
                Path seg = copy.resolve("segment-000000000001.log");
                try (FileChannel ch = FileChannel.open(seg, StandardOpenOption.WRITE)) {
                    ch.truncate(cut);
                    if (zeroFill) ch.write(ByteBuffer.allocate((int) (after - cut)), cut);
                }
                try (Outbox box = Outbox.open(copy)) {
                    assertEquals(List.of(1L, 2L), seqs(box.unacked(), "a"), "cut at " + cut);
                    assertEquals(before, Files.size(seg), "torn bytes removed at " + cut);
                    assertEquals(3, box.append("a", move(3, 28, 22)).getSeq(), "the lost seq is reused, not skipped");
                }
                try (Outbox box = Outbox.open(copy)) {
                    assertEquals(List.of(1L, 2L, 3L), seqs(box.unacked(), "a"));
                    assertEquals(move(3, 28, 22), box.unacked().get(2).getEvent());
                }
            }
        }
    }

    @Test
    void onlyTheNewestSegmentCanBeTorn() throws IOException {
        Path dir = tmp.resolve("ob");
        List<Path> segments;
        try (Outbox box = Outbox.open(dir, 100)) {
            for (int i = 1; i <= 12; i++) box.append("a", move(i, 32, 28));
            segments = box.segmentFiles();
        }
        assertTrue(segments.size() >= 3, "rotated: " + segments);
        Path newest = segments.get(segments.size() - 1);
        long size = Files.size(newest);
        try (FileChannel ch = FileChannel.open(newest, StandardOpenOption.WRITE)) {
            ch.truncate(size - 3);
        }
        try (Outbox box = Outbox.open(dir, 100)) {
            assertEquals(LongStream.rangeClosed(1, 11).boxed().toList(), seqs(box.unacked(), "a"));
            assertTrue(box.recovery().tornBytesCut() > 0, "the torn record was cut");
        }
        Path older = segments.get(0);
        try (FileChannel ch = FileChannel.open(older, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(older) - 3);
        }
        OutboxCorruptedException e = assertThrows(OutboxCorruptedException.class, () -> Outbox.open(dir, 100));
        assertTrue(e.getMessage().contains(older.getFileName().toString()) && e.getMessage().contains("older segment"), e.getMessage());
    }

    @Test
    void damageBeforeTheTailIsAnErrorNotASilentCut() throws IOException {
        Path dir = tmp.resolve("ob");
        Path seg;
        try (Outbox box = Outbox.open(dir)) {
            for (int i = 1; i <= 3; i++) box.append("a", move(i, 32, 28));
            seg = box.segmentFiles().get(0);
        }
        byte[] bytes = Files.readAllBytes(seg);
        bytes[RecordFile.HEADER + 2] ^= 0x55; // inside the first record's payload
        Files.write(seg, bytes);
        OutboxCorruptedException e = assertThrows(OutboxCorruptedException.class, () -> Outbox.open(dir));
        assertTrue(e.getMessage().contains("checksum") && e.getMessage().contains("byte 0"), e.getMessage());
    }

    @Test
    void syncedAcksSurviveACrashWithoutClose() throws IOException {
        Path dir = tmp.resolve("ob");
        Path crashed = tmp.resolve("crashed");
        try (Outbox box = Outbox.open(dir)) {
            for (int i = 1; i <= 4; i++) box.append("a", move(i, 32, 28));
            box.ack("a", 3);
            box.sync();
            copyDir(dir, crashed); // the process dies here: no close
        }
        try (Outbox box = Outbox.open(crashed)) {
            assertEquals(List.of(4L), seqs(box.unacked(), "a"));
            assertEquals(5, box.append("a", move(5, 19, 23)).getSeq());
        }
    }

    @Test
    void anAckBeyondWhatWasAssignedKeepsEveryUnsentEventRenumberedPastIt() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir)) {
            box.append("a", move(1, 32, 28));
            box.append("a", move(2, 19, 23));
            box.append("b", move(1, 31, 27));
            box.ack("a", 7); // the relay holds board a up to 7 from a replaced outbox
            List<BoardEvent> kept = box.unacked().stream().filter(e -> e.getBoard().equals("a")).toList();
            assertEquals(List.of(8L, 9L), kept.stream().map(BoardEvent::getSeq).toList(), "nothing unacked is discarded");
            assertEquals(List.of(1L, 2L), kept.stream().map(BoardEvent::getRenumberedFrom).toList());
            assertEquals(List.of(32, 19), kept.stream().map(e -> e.getEvent().getMove().getFrom()).toList());
            assertEquals(10, box.append("a", move(3, 33, 29)).getSeq());
        }
        // the crash-safe part: after a restart the copies are what is waiting, not the originals
        try (Outbox box = Outbox.open(dir)) {
            assertEquals(List.of(8L, 9L, 10L), seqs(box.unacked(), "a"));
            assertEquals(List.of(1L), seqs(box.unacked(), "b"));
        }
    }

    @Test
    void theLastCommittedPositionOfEachBoardOutlivesItsAckedSegments() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir, 120)) {
            for (int i = 1; i <= 30; i++) {
                box.append("a", move(i, 31, 26).toBuilder().setFen("W:W" + i + ":B1").build());
            }
            box.append("b", move(1, 32, 28).toBuilder().setFen("B:W28:B1").build());
            box.ack("a", 30);
            box.ack("b", 1);
            box.sync();
            assertEquals(1, box.segmentFiles().size(), "the acked segments are gone");
        }
        try (Outbox box = Outbox.open(dir, 120)) {
            assertEquals("W:W30:B1", box.boardState("a").orElseThrow().getFen());
            assertEquals(30, box.boardState("a").orElseThrow().getPly());
            assertEquals("B:W28:B1", box.boardState("b").orElseThrow().getFen());
            box.append("a", GameEvent.newBuilder().setType(EventType.GAME_STARTED).build());
            assertTrue(box.boardState("a").isEmpty(), "a new game starts from its start position");
        }
    }

    @Test
    void anOutboxWrittenBeforeTheOneRecordFormatStillOpens() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir)) {
            for (int i = 1; i <= 3; i++) box.append("a", move(i, 32, 28));
        }
        // acked.state as the previous version wrote it: delimited Acks, then a CRC-32C of them
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        Ack.newBuilder().setBoard("a").setSeq(2).build().writeDelimitedTo(body);
        CRC32C crc = new CRC32C();
        crc.update(body.toByteArray());
        body.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        Files.write(dir.resolve("acked.state"), body.toByteArray());
        try (Outbox box = Outbox.open(dir)) {
            assertEquals(List.of(3L), seqs(box.unacked(), "a"));
        }
    }

    @Test
    void oneProcessPerDirectory() throws IOException {
        Path dir = tmp.resolve("ob");
        try (Outbox box = Outbox.open(dir)) {
            IOException e = assertThrows(IOException.class, () -> Outbox.open(dir));
            assertTrue(e.getMessage().contains("in use"), e.getMessage());
        }
        Outbox.open(dir).close();
    }

    @Test
    void listenersHearOfDurableAppendsInOrder() throws IOException {
        List<Long> heard = new ArrayList<>();
        try (Outbox box = Outbox.open(tmp.resolve("ob"))) {
            box.addListener(e -> heard.add(e.getSeq()));
            box.append("a", move(1, 32, 28));
            box.append("a", move(2, 19, 23));
        }
        assertEquals(List.of(1L, 2L), heard);
    }

    private static void copyDir(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("outbox.lock")) Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }
}
