package org.damrelay.relay.evidence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.damrelay.proto.BoardEvent;
import org.damrelay.proto.SensorExcerpt;
import org.damrelay.proto.SensorReport;
import org.damrelay.relay.event.EventDirectory.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relay's evidence files: durable before the ack, the same after a reopen, a torn last batch cut, odd names kept apart. */
class EvidenceStoreTest {
    @TempDir Path dir;
    private static final Source B1 = new Source("nk", "hall", "b1");

    private static BoardEvent batch(long seq, long... walls) {
        SensorExcerpt.Builder x = SensorExcerpt.newBuilder().setCapture("c.dgtcap").setCaptureOriginMs(1000);
        for (long w : walls) x.addReports(SensorReport.newBuilder().setKind(SensorReport.Kind.FIELD).setWallMs(w).setCaptureMs(w - 1000)
                .setSquare((int) (w % 50) + 1).setPiece("e"));
        return BoardEvent.newBuilder().setBoard(B1.board()).setSeq(seq).setSensor(x).build();
    }

    private static long append(EvidenceStore s, Source src, BoardEvent b) {
        List<Long> acks = new CopyOnWriteArrayList<>();
        s.append(src, b, acks::add);
        await().until(() -> !acks.isEmpty());
        return acks.get(0);
    }

    private static List<Long> walls(EvidenceStore s, Source src, long from, long to) throws Exception {
        return s.read(src, from, to).stream().flatMap(b -> b.reports().stream()).map(SensorReport::getWallMs).toList();
    }

    @Test
    void batchesAreAckedOnceOnDiskReadByWindowAndTheSameAfterAReopen() throws Exception {
        try (EvidenceStore s = EvidenceStore.open(dir)) {
            assertEquals(1, append(s, B1, batch(1, 10_000, 10_500)));
            assertEquals(2, append(s, B1, batch(2, 11_000, 12_000)));
            assertEquals(2, append(s, B1, batch(1, 10_000, 10_500)), "a re-send is acked again, not stored twice");
            assertEquals(5, append(s, B1, batch(5, 20_000)), "a seq past the next is taken: evidence is a witness, not a chain");
            assertEquals(List.of(11_000L, 12_000L), walls(s, B1, 11_000, 12_000).stream().filter(w -> w >= 11_000 && w <= 12_000).toList());
            assertEquals(List.of(), s.read(new Source("nk", "hall", "b2"), 0, Long.MAX_VALUE));
        }
        try (EvidenceStore s = EvidenceStore.open(dir)) {
            assertEquals(5, s.durable(B1));
            assertEquals(List.of(10_000L, 10_500L, 11_000L, 12_000L, 20_000L), walls(s, B1, 0, Long.MAX_VALUE));
            assertEquals(java.util.Map.of("b1", 5L), s.durableOf("nk", "hall"));
        }
    }

    @Test
    void aTornLastBatchIsKeptAsideAndCutAndTheRestStays() throws Exception {
        try (EvidenceStore s = EvidenceStore.open(dir)) {
            append(s, B1, batch(1, 10_000));
            append(s, B1, batch(2, 11_000));
        }
        Path file;
        try (Stream<Path> files = Files.list(dir.resolve("evidence"))) {
            file = files.filter(p -> p.toString().endsWith(".evidence")).findFirst().orElseThrow();
        }
        long size = Files.size(file);
        Files.write(file, new byte[] {0, 0, 0, 40, 1, 2, 3}, StandardOpenOption.APPEND); // a crash mid-append
        try (EvidenceStore s = EvidenceStore.open(dir)) {
            assertEquals(2, s.durable(B1));
            assertEquals(size, Files.size(file), "cut back to the whole batches");
            assertEquals(3, append(s, B1, batch(3, 12_000)), "appends go on after the cut");
            assertEquals(List.of(10_000L, 11_000L, 12_000L), walls(s, B1, 0, Long.MAX_VALUE));
        }
        try (Stream<Path> files = Files.list(dir.resolve("evidence"))) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().contains(".torn-")), "the torn bytes kept aside");
        }
    }

    @Test
    void boardNamesThatAreNoFileNamesStayApart() {
        for (Source s : List.of(new Source("nk", "hall", "../x"), new Source("nk", "a~b", "c"), new Source("nk", "hall", "."),
                new Source("e v", "h/1", "COM3:"))) {
            String name = EvidenceStore.fileName(s);
            assertTrue(!name.contains("/") && !name.startsWith("."), name);
            assertEquals(s, EvidenceStore.source(name));
        }
        assertNull(EvidenceStore.source("nk~hall.evidence"));
    }
}
