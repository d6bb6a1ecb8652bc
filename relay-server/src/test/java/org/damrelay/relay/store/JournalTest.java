package org.damrelay.relay.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.records.RecordFile;
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
            for (int i = 1; i <= 500; i++) acks.add(j.append(record("b" + (i % 7), i)).synced());
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        }
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(500, j.recovery().records());
            assertEquals(0, j.recovery().cutBytes());
        }
        for (int i = 0; i < 500; i++) assertEquals(i + 1, seqs.get(i));
    }

    /**
     * The fsync timer's hook, run by the sync thread right after an fsync and before it completes
     * anything as synced: holds the first such moment until {@code letGo}.
     */
    private static LongConsumer holdFirstSync(CountDownLatch inFsync, CountDownLatch letGo) {
        AtomicInteger fsyncs = new AtomicInteger();
        return n -> {
            if (!Thread.currentThread().getName().equals("journal-sync")) return; // open's own fsync
            if (fsyncs.incrementAndGet() > 1) return;
            inFsync.countDown();
            try {
                letGo.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @Test
    void aRecordIsWrittenBeforeItsFsyncEnds() throws Exception {
        CountDownLatch inFsync = new CountDownLatch(1), letGo = new CountDownLatch(1);
        try (Journal j = Journal.open(dir, r -> { }, holdFirstSync(inFsync, letGo))) {
            Journal.Appended a = j.append(record("a", 1));
            assertTrue(inFsync.await(10, TimeUnit.SECONDS));
            assertTrue(a.written().isDone(), "written (may be shown) while the fsync is still under way");
            assertFalse(a.synced().isDone(), "not synced (not to be acked) before the fsync is over");
            letGo.countDown();
            assertEquals(a.written().get(), a.synced().get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void aRecordAppendedDuringAnFsyncIsWrittenAtOnceAndSyncedByTheNext() throws Exception {
        CountDownLatch inFsync = new CountDownLatch(1), letGo = new CountDownLatch(1);
        try (Journal j = Journal.open(dir, r -> { }, holdFirstSync(inFsync, letGo))) {
            Journal.Appended a = j.append(record("a", 1));
            assertTrue(inFsync.await(10, TimeUnit.SECONDS));
            // the first fsync is still under way: the next move must not wait for it to be shown
            Journal.Appended b = j.append(record("a", 2));
            assertTrue(b.written().isDone(), "written while an earlier fsync is still under way");
            assertFalse(b.synced().isDone());
            letGo.countDown();
            assertEquals(a.written().get(), a.synced().get(5, TimeUnit.SECONDS));
            assertEquals(b.written().get(), b.synced().get(5, TimeUnit.SECONDS));
            assertTrue(b.written().get() > a.written().get());
        }
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L, 2L), seqs);
        }
    }

    @Test
    void closingSyncsWhatWasWrittenAndRefusesMore() throws Exception {
        Journal j = Journal.open(dir, r -> { }, null);
        List<CompletableFuture<Long>> synced = new ArrayList<>();
        for (int i = 1; i <= 50; i++) synced.add(j.append(record("a", i)).synced());
        j.close();
        for (CompletableFuture<Long> f : synced) assertTrue(f.isDone() && !f.isCompletedExceptionally(), "synced before close returned");
        Journal.Appended late = j.append(record("a", 51));
        assertTrue(late.written().isCompletedExceptionally() && late.synced().isCompletedExceptionally());
    }

    @Test
    void recoveredRecordsAreFsyncdBeforeOpenReturns() throws Exception {
        // a relay killed before its fsync: the records are in the segment (the OS has them), never fsync'd
        try (FileChannel ch = FileChannel.open(Journal.segmentFile(dir, 1), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(4096);
            for (int i = 1; i <= 3; i++) RecordFile.frameInto(b, record("a", i).toByteArray());
            b.flip();
            ch.write(b);
        }
        List<String> fsyncs = new ArrayList<>();
        List<Long> replayed = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> replayed.add(r.getIngest().getSeq()), n -> fsyncs.add(Thread.currentThread().getName()))) {
            // open returns before anything can be welcomed or acked: by then the recovered records are on disk
            assertEquals(List.of(1L, 2L, 3L), replayed);
            assertEquals(List.of(Thread.currentThread().getName()), fsyncs, "one fsync of what was recovered, by open itself");
        }
    }

    @Test
    void concurrentAppendsShareFsyncs() throws Exception {
        AtomicInteger fsyncs = new AtomicInteger();
        List<CompletableFuture<Long>> acks = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> { }, n -> fsyncs.incrementAndGet())) {
            for (int i = 1; i <= 2000; i++) acks.add(j.append(record("b", i)).synced());
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
        }
        assertTrue(fsyncs.get() < 2000, "group commit: " + fsyncs.get() + " fsyncs for 2000 appends");
    }

    @Test
    void tornTailIsCutAndNeverHalfApplied() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1)).synced().get(5, TimeUnit.SECONDS);
            j.append(record("a", 2)).synced().get(5, TimeUnit.SECONDS);
        }
        Path file = Journal.segmentFile(dir, 1);
        long whole = Files.size(file);
        // a crash in the middle of the third record: header and half a payload
        byte[] payload = record("a", 3).toByteArray();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.APPEND)) {
            ByteBuffer b = ByteBuffer.allocate(8 + payload.length / 2);
            b.putInt(payload.length).putInt(RecordFile.crc(payload)).put(payload, 0, payload.length / 2).flip();
            ch.write(b);
        }
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L, 2L), seqs);
            assertEquals(8 + payload.length / 2, j.recovery().cutBytes());
            assertEquals(whole, Files.size(file));
            assertTrue(Files.exists(dir.resolve("journal-1.log.torn-" + whole)), "the cut bytes are kept aside");
            // appends continue right after the last whole record
            j.append(record("a", 3)).synced().get(5, TimeUnit.SECONDS);
        }
        seqs.clear();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L, 2L, 3L), seqs);
        }
    }

    @Test
    void aBadChecksumInTheLastRecordIsATornWriteAndCut() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1)).synced().get(5, TimeUnit.SECONDS);
            j.append(record("a", 2)).synced().get(5, TimeUnit.SECONDS);
        }
        Path file = Journal.segmentFile(dir, 1);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x55;
        Files.write(file, bytes);
        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(List.of(1L), seqs);
            assertTrue(j.recovery().cutBytes() > 0);
        }
    }

    @Test
    void rotationStartsANewSegmentAtThatPointOfTheOrder() throws Exception {
        CompletableFuture<Long> rotated;
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1));
            j.append(record("a", 2));
            rotated = j.rotate();
            j.append(record("a", 3)).synced().get(5, TimeUnit.SECONDS);
        }
        assertEquals(2L, rotated.get(5, TimeUnit.SECONDS));
        assertEquals(List.of(1L, 2L), Journal.segments(dir));
        List<Long> all = new ArrayList<>(), fromTwo = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> all.add(r.getIngest().getSeq()), null)) {
            assertEquals(2, j.segment());
        }
        try (Journal j = Journal.open(dir, 2, r -> fromTwo.add(r.getIngest().getSeq()), null)) {
            j.append(record("a", 4)).synced().get(5, TimeUnit.SECONDS);
        }
        assertEquals(List.of(1L, 2L, 3L), all);
        assertEquals(List.of(3L), fromTwo);
    }

    @Test
    void damageInAnEarlierSegmentIsNotMistakenForATornTail() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            j.append(record("a", 1));
            j.rotate();
            j.append(record("a", 2)).synced().get(5, TimeUnit.SECONDS);
        }
        Path first = Journal.segmentFile(dir, 1);
        byte[] bytes = Files.readAllBytes(first);
        bytes[bytes.length - 1] ^= 0x55;
        Files.write(first, bytes);
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> Journal.open(dir, r -> { }, null));
        assertTrue(e.getMessage().contains("damaged"), e.getMessage());
    }
}
