package org.damrelay.relay.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.damrelay.proto.IngestRecord;
import org.damrelay.proto.JournalRecord;
import org.damrelay.proto.RelaySnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One flipped byte in the middle of the last segment: reported with file and offset, never silently fewer records. */
class JournalDamageTest {

    @TempDir Path dir;

    private static JournalRecord record(String board, long seq) {
        return JournalRecord.newBuilder().setIngest(IngestRecord.newBuilder().setDriverId("hall").setBoard(board).setSeq(seq)).build();
    }

    /** Writes 100 records of two boards and flips one byte inside record 40; returns that record's offset. */
    private long damagedJournal() throws Exception {
        try (Journal j = Journal.open(dir, r -> { }, null)) {
            for (int i = 1; i <= 100; i++) j.append(record(i % 2 == 0 ? "101" : "102", (i + 1) / 2));
            j.append(record("101", 51)).synced().get(5, TimeUnit.SECONDS);
        }
        Path file = Journal.segmentFile(dir, 1);
        byte[] bytes = Files.readAllBytes(file);
        int recordSize = bytes.length / 101;
        long offset = 39L * recordSize;
        bytes[(int) offset + 10] ^= 0x01;
        Files.write(file, bytes);
        return offset;
    }

    @Test
    void aFlippedByteMidSegmentRefusesTheStartNamingFileAndOffset() throws Exception {
        long offset = damagedJournal();
        long size = Files.size(Journal.segmentFile(dir, 1));
        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.open(dir, r -> { }, null));
        assertTrue(e.getMessage().contains("journal-1.log at offset " + offset), e.getMessage());
        assertTrue(e.getMessage().contains("damrelay journal repair"), e.getMessage());
        assertEquals(size, Files.size(Journal.segmentFile(dir, 1)), "a refused start changes nothing");
    }

    @Test
    void checkShowsTheDamagedRangeAndEveryReadableRecord() throws Exception {
        long offset = damagedJournal();
        List<JournalRepair.SegmentReport> reports = JournalRepair.check(dir);
        assertEquals(1, reports.size());
        assertFalse(reports.get(0).whole());
        assertEquals(100, reports.get(0).records(), "every record but the damaged one reads");
        assertEquals(offset, reports.get(0).damaged().get(0).from());
    }

    @Test
    void repairKeepsTheDamagedBytesAsideUnderAUniqueNameAndNamesTheBoardsToResolve() throws Exception {
        long offset = damagedJournal();
        byte[] tail = Arrays.copyOfRange(Files.readAllBytes(Journal.segmentFile(dir, 1)), (int) offset,
                (int) Files.size(Journal.segmentFile(dir, 1)));
        List<JournalRepair.Lost> lost = JournalRepair.repair(dir);
        assertEquals(1, lost.size());
        assertEquals(61, lost.get(0).records(), "the 61 readable records behind the damage are set aside, not dropped unseen");
        assertEquals(List.of("hall/101 seq 21..51", "hall/102 seq 21..50"), lost.get(0).boards());
        assertTrue(Arrays.equals(tail, Files.readAllBytes(lost.get(0).aside())));

        List<Long> seqs = new ArrayList<>();
        try (Journal j = Journal.open(dir, r -> seqs.add(r.getIngest().getSeq()), null)) {
            assertEquals(39, j.recovery().records());
        }
        assertEquals(39, seqs.size());

        // a second damage at the same offset does not overwrite what the first repair kept
        Files.write(Journal.segmentFile(dir, 1), tail, StandardOpenOption.APPEND);
        List<JournalRepair.Lost> again = JournalRepair.repair(dir);
        assertNotEquals(lost.get(0).aside(), again.get(0).aside());
        assertTrue(Files.exists(lost.get(0).aside()));
    }

    @Test
    void aDamagedSnapshotIsReportedWithItsFile() throws Exception {
        SnapshotStore.write(dir, RelaySnapshot.newBuilder().setSegment(3).build());
        Path file = SnapshotStore.file(dir, 3);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x01;
        Files.write(file, bytes);
        var e = assertThrows(IOException.class, () -> SnapshotStore.latest(dir));
        assertTrue(e.getMessage().contains("snapshot-3.bin is damaged"), e.getMessage());
    }
}
