package org.damrelay.relay.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.damrelay.proto.JournalRecord;
import org.damrelay.records.RecordFile;

/**
 * {@code damrelay journal check|repair}: what a damaged journal holds, and the way forward from it.
 *
 * <p>Repair cuts the first damaged segment at its first bad record, and keeps everything from
 * there on (the damaged bytes and the records behind them) aside under a name of its own; later
 * segments are kept aside whole. Records behind a missing one cannot be replayed (the game
 * versions would skip one), so the report names every board whose acknowledged events the relay
 * no longer holds: their drivers meet a SEQUENCE_GAP that the arbiter resolves
 * ({@code ResolveBlock}), setting the position if moves are missing.
 */
public final class JournalRepair {

    private JournalRepair() {}

    /** One segment as read: its whole records, and the damaged ranges between them. */
    public record SegmentReport(Path file, long size, int records, List<RecordFile.Range> damaged, boolean tornTail) {
        public boolean whole() {
            return damaged.isEmpty() && !tornTail;
        }
    }

    /** The records a repair set aside (unreadable ranges and the whole records behind them). */
    public record Lost(Path aside, int records, List<String> boards) {}

    /** Reads every segment, damaged or not, and says where each damaged range is. Changes nothing. */
    public static List<SegmentReport> check(Path dir) throws IOException {
        List<SegmentReport> out = new ArrayList<>();
        for (long n : Journal.segments(dir)) {
            Path file = Journal.segmentFile(dir, n);
            RecordFile.Scan<JournalRecord> scan = RecordFile.scan(file, Journal.MAX_RECORD, JournalRecord.parser());
            RecordFile.Salvage<JournalRecord> all = RecordFile.salvage(file, Journal.MAX_RECORD, JournalRecord.parser());
            List<RecordFile.Range> damaged = scan.damage() == null ? List.of() : all.damaged();
            out.add(new SegmentReport(file, scan.size(), all.records().size(), damaged, scan.torn()));
        }
        return out;
    }

    /**
     * Cuts the journal at its first damage: returns what was set aside (empty when there was no
     * damage; a torn last tail is left for the relay's own start to cut).
     */
    public static List<Lost> repair(Path dir) throws IOException {
        List<Lost> lost = new ArrayList<>();
        boolean cut = false;
        List<Long> segments = Journal.segments(dir);
        for (int i = 0; i < segments.size(); i++) {
            Path file = Journal.segmentFile(dir, segments.get(i));
            RecordFile.Scan<JournalRecord> scan = RecordFile.scan(file, Journal.MAX_RECORD, JournalRecord.parser());
            boolean last = i == segments.size() - 1;
            boolean bad = scan.damage() != null || (scan.torn() && !last);
            if (!cut && !bad) continue;
            long from = cut ? 0 : scan.validBytes();
            RecordFile.Salvage<JournalRecord> behind = RecordFile.salvage(file, Journal.MAX_RECORD, JournalRecord.parser());
            // per board the first and last seq set aside: the arbiter's list of streams to look at
            Map<String, long[]> seqs = new TreeMap<>();
            behind.records().stream().filter(r -> r.offset() >= from && r.value().hasIngest()).map(r -> r.value().getIngest())
                    .forEach(in -> seqs.merge(in.getDriverId() + "/" + in.getBoard(), new long[] {in.getSeq(), in.getSeq()},
                            (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])}));
            List<String> boards = seqs.entrySet().stream()
                    .map(e -> e.getKey() + " seq " + e.getValue()[0] + ".." + e.getValue()[1]).toList();
            int records = (int) behind.records().stream().filter(r -> r.offset() >= from).count();
            Path aside = RecordFile.keepAside(file, from, scan.size(), "damaged");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(from);
                ch.force(true);
            }
            lost.add(new Lost(aside, records, boards));
            cut = true;
        }
        return lost;
    }
}
