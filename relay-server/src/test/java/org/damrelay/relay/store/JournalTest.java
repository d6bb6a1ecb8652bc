package org.damrelay.relay.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {

    @TempDir Path dir;

    private static JournalRecord record(String board, long seq) {
        return JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("d").setBoard(board).setSeq(seq)).build();
    }

    @Test
    void everyAcknowledgedRecordIsReadBackInOrder() throws Exception {
        List<CompletableFuture<Long>> acks = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            for (int i = 1; i <= 500; i++) acks.add(j.append(record("b" + (i % 7), i)));
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        }
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(500, j.recovery().records());
            assertEquals(0, j.recovery().cutBytes());
        }
        for (int i = 0; i < 500; i++) assertEquals(i + 1, seqs.get(i));
    }

    @Test
    void concurrentAppendsShareFsyncs() throws Exception {
        AtomicInteger fsyncs = new AtomicInteger();
        List<CompletableFuture<Long>> acks = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> { }, n -> fsyncs.incrementAndGet())) {
            for (int i = 1; i <= 2000; i++) acks.add(j.append(record("b", i)));
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
        }
        assertTrue(fsyncs.get() < 2000, "group commit: " + fsyncs.get() + " fsyncs for 2000 appends");
    }

    @Test
    void tornTailIsCutAndNeverHalfApplied() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1)).get(5, TimeUnit.SECONDS);
            j.append(record("a", 2)).get(5, TimeUnit.SECONDS);
        }
        Path file = dir.resolve(Journal.FILE);
        long whole = Files.size(file);
        // a crash in the middle of the third record: header and half a payload
        byte[] payload = record("a", 3).toByteArray();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.APPEND)) {
            ByteBuffer b = ByteBuffer.allocate(8 + payload.length / 2);
            b.putInt(payload.length).putInt(Journal.crc(payload)).put(payload, 0, payload.length / 2).flip();
            ch.write(b);
        }
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L, 2L), seqs);
            assertEquals(8 + payload.length / 2, j.recovery().cutBytes());
            assertEquals(whole, Files.size(file));
            assertTrue(Files.exists(dir.resolve("journal.torn")));
            // appends continue right after the last whole record
            j.append(record("a", 3)).get(5, TimeUnit.SECONDS);
        }
        seqs.clear();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L, 2L, 3L), seqs);
        }
    }

    @Test
    void corruptChecksumIsCut() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1)).get(5, TimeUnit.SECONDS);
            j.append(record("a", 2)).get(5, TimeUnit.SECONDS);
        }
        Path file = dir.resolve(Journal.FILE);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x55;
        Files.write(file, bytes);
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L), seqs);
            assertTrue(j.recovery().cutBytes() > 0);
        }
    }
}
